import { ComingSoon } from '../../../components/ui/coming-soon';

export const ActForm = () => <ComingSoon title="Act form" />;
