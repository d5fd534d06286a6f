import { ComingSoon } from '../../../components/ui/coming-soon';

export const ActDetail = () => <ComingSoon title="Act" />;
