import { ComingSoon } from '../../../components/ui/coming-soon';

export const Schedule = () => <ComingSoon title="Schedule" />;
