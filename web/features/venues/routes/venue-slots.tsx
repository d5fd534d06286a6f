import { ComingSoon } from '../../../components/ui/coming-soon';

export const VenueSlots = () => <ComingSoon title="Slots and schedule" />;
