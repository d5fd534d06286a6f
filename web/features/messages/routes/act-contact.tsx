import { ComingSoon } from '../../../components/ui/coming-soon';

export const ActContact = () => <ComingSoon title="Contact an act owner" />;
