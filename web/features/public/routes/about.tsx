import { Link } from 'react-router';
import type { FestivalConfig } from '../../../../contract/festival';
import { aboutText } from '../../../../contract/page-previews';
import { PublicPage } from '../components/public-page';
import { SponsorLogos } from '../components/sponsor-logos';
import { editionName } from '../lib/festival-text';

function AboutContent({ festival }: { festival: FestivalConfig }) {
  return (
    <>
      <h1>About {festival.name}</h1>
      <p className="lead">
        {festival.name} is a one-day porch music festival. Neighbours offer their porches, yards and driveways as
        stages, musicians of every kind play short sets, and everyone walks from porch to porch to listen.
      </p>
      <p>It is organised by a committee of volunteers and made possible by local sponsors.</p>

      <section aria-labelledby="sponsors" className="mb-4">
        <h2 id="sponsors">Sponsors</h2>
        <p>Thank you to the businesses that support {editionName(festival)}:</p>
        <SponsorLogos sponsors={festival.sponsors} />
      </section>

      <section aria-labelledby="committee">
        <h2 id="committee">Committee</h2>
        <ul className="committee-list">
          {festival.committee.map((member) => (
            <li key={member.name}>
              <strong>{member.name}</strong>, {member.role}
            </li>
          ))}
        </ul>
        <p>
          Write to the committee through the <Link to="/contact">contact form</Link> or at{' '}
          <a href={`mailto:${festival.committee_email}`}>{festival.committee_email}</a>.
        </p>
      </section>
    </>
  );
}

/** The about page (docs/behaviour.md#static-pages): sponsors and the committee. */
export function About() {
  return <PublicPage meta={aboutText}>{(festival) => <AboutContent festival={festival} />}</PublicPage>;
}
