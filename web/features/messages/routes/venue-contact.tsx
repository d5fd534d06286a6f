import { OwnerContact } from '../components/owner-contact';

/** docs/behaviour.md#contact-an-owner: /venues/{venueId}/contact, a message to the venue's host. */
export const VenueContact = () => <OwnerContact type="venue" />;
