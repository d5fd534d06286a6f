import { ComingSoon } from '../../../components/ui/coming-soon';

export const About = () => <ComingSoon title="About" />;
