import { ComingSoon } from '../../../components/ui/coming-soon';

export const VenueForm = () => <ComingSoon title="Venue form" />;
