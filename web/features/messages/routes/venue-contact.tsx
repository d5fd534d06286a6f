import { OwnerContact } from '../components/owner-contact';

/** Spec 2: /venues/{venueId}/contact, a message to the venue's host. */
export const VenueContact = () => <OwnerContact type="venue" />;
