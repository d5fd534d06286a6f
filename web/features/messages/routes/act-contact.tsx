import { OwnerContact } from '../components/owner-contact';

/** docs/behaviour.md#contact-an-owner: /acts/{actId}/contact, a message to the act's performer. */
export const ActContact = () => <OwnerContact type="act" />;
