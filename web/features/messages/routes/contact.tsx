import { ComingSoon } from '../../../components/ui/coming-soon';

export const Contact = () => <ComingSoon title="Contact the committee" />;
