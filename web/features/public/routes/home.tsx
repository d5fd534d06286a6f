import { ComingSoon } from '../../../components/ui/coming-soon';

export const Home = () => <ComingSoon title="Home" />;
