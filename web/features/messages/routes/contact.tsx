import { PageHeading } from '../../../components/catalogue/page-heading';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { ContactForm } from '../components/contact-form';

/** docs/behaviour.md#contact-the-committee: /contact, the contact-the-committee form. */
export function Contact() {
  usePageTitle('Contact');
  const { data: festival } = useFestival();
  const user = useSession();
  return (
    <div className="row">
      <div className="col-lg-8">
        <PageHeading>Contact the committee</PageHeading>
        <p>
          A question about the festival, a problem with this site, or would you like to volunteer? Send the
          {festival ? ` ${festival.name} ` : ' '}
          committee a message and we will answer you by e-mail.
        </p>
        {/* The categories come from the festival configuration. */}
        {festival ? (
          <ContactForm categories={festival.contact_categories} email={user?.email ?? ''} />
        ) : (
          <PageLoading />
        )}
      </div>
    </div>
  );
}
