import { ComingSoon } from '../../../components/ui/coming-soon';

export const VenueContact = () => <ComingSoon title="Contact a venue owner" />;
