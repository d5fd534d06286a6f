import { OwnerContact } from '../components/owner-contact';

/** Spec 2: /acts/{actId}/contact, a message to the act's performer. */
export const ActContact = () => <OwnerContact type="act" />;
