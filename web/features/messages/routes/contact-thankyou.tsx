import { Link } from 'react-router';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { usePageTitle } from '../../../lib/page-title';

/** docs/behaviour.md#contact-the-committee: /contact-thankyou, after the committee form is sent. */
export function ContactThankYou() {
  usePageTitle('Thank you');
  return (
    <>
      <PageHeading>Thank you</PageHeading>
      <p>Your message has been submitted. The committee will be in touch with you soon.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </>
  );
}
