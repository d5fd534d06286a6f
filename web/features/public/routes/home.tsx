import { useState } from 'react';
import { Link } from 'react-router';
import type { FestivalResponse } from '../../../../contract/festival';
import { zonedInstant } from '../../../../contract/festival-time';
import { homeText } from '../../../../contract/page-previews';
import { Carousel } from '../components/carousel';
import { FestivalWhen } from '../components/festival-when';
import { PublicPage } from '../components/public-page';
import { SocialLinks } from '../components/social-links';
import { SponsorLogos } from '../components/sponsor-logos';
import { festivalDayOf } from '../../../lib/festival-day';
import { editionName } from '../lib/festival-text';

/** Whether the festival day in force (the rain date once switched) has ended, by this device's clock. */
function useFestivalOver(festival: FestivalResponse): boolean {
  const [now] = useState(() => Date.now());
  const day = festivalDayOf(festival);
  return now >= zonedInstant(day.date, day.end, festival.timezone);
}

function HomeContent({ festival }: { festival: FestivalResponse }) {
  const over = useFestivalOver(festival);
  return (
    <>
      <div className="row g-4 align-items-center mb-4">
        <div className="col-lg-5">
          <h1 className="display-5">{editionName(festival)}</h1>
          <p className="lead">{festival.tagline}</p>
          {over && (
            // After the day the page says so first, and thanks everyone (issue 28, item 9).
            <div className="alert alert-success">
              <p className="fw-semibold mb-1">{editionName(festival)} is over.</p>
              <p className="mb-0">
                Thank you to every host, performer, volunteer and neighbour who made it. See you next year!
              </p>
            </div>
          )}
          <FestivalWhen festival={festival} />
          <p className="d-flex flex-wrap gap-2">
            <Link to="/schedule" className="btn btn-primary">
              See the schedule
            </Link>
            <Link to={`/${festival.slug}`} className="btn btn-outline-primary">
              Key dates
            </Link>
          </p>
          <p>
            {/* The whole festival as one calendar file that follows the schedule (GET /v1/schedule.ics). */}
            <a href="/v1/schedule.ics">Subscribe to the schedule</a>{' '}
            <span className="small">(a calendar file with every set)</span>
          </p>
        </div>
        <div className="col-lg-7">
          <Carousel images={festival.carousel} label={`${editionName(festival)} bands on porches`} />
        </div>
      </div>

      <section aria-labelledby="disclaimer-heading" className="mb-4">
        <h2 id="disclaimer-heading" className="h4">
          Liability and photography
        </h2>
        <p>
          {festival.name} is a neighbourhood event put on by volunteers. Everyone who comes, plays or hosts does so at
          their own risk: the {festival.name} committee, the hosts and the sponsors are not responsible for injury, loss
          or damage to people or property. Please respect people&apos;s homes and gardens and keep sidewalks and
          driveways clear.
        </p>
        <p>
          Photographs and video are taken during the festival and may be used by {festival.name} on this website and on
          social media. If you do not want to appear in them, tell the photographer or a committee member on the day.
          Hosts and performers also agree to the <Link to="/waivers">liability waivers</Link>.
        </p>
      </section>

      <div className="row g-4">
        <section aria-labelledby="follow-heading" className="col-md-6">
          <h2 id="follow-heading" className="h4">
            Follow {festival.name}
          </h2>
          <SocialLinks festival={festival} />
          <p className="mb-0">
            Posting about the day? Use <strong>{festival.hashtag}</strong>.
          </p>
        </section>
        <section aria-labelledby="sponsors-heading" className="col-md-6">
          <h2 id="sponsors-heading" className="h4">
            Our sponsors
          </h2>
          <SponsorLogos sponsors={festival.sponsors} />
        </section>
      </div>
    </>
  );
}

/**
 * The home page (docs/behaviour.md#home): the carousel, when and the rain date, the disclaimer,
 * social links, sponsors.
 */
export function Home() {
  return <PublicPage meta={homeText}>{(festival) => <HomeContent festival={festival} />}</PublicPage>;
}
