import { ComingSoon } from '../../../components/ui/coming-soon';

export const MyVenues = () => <ComingSoon title="My Venues" />;
