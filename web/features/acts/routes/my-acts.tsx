import { ComingSoon } from '../../../components/ui/coming-soon';

export const MyActs = () => <ComingSoon title="My Acts" />;
