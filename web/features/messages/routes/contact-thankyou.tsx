import { ComingSoon } from '../../../components/ui/coming-soon';

export const ContactThankYou = () => <ComingSoon title="Thank you" />;
