import { ComingSoon } from '../../../components/ui/coming-soon';

export const Waivers = () => <ComingSoon title="Liability waivers" />;
