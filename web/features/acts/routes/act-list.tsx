import { ComingSoon } from '../../../components/ui/coming-soon';

export const ActList = () => <ComingSoon title="Acts" />;
