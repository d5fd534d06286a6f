import type { FestivalConfig } from '../../../../contract/festival';

// The logos are drawn 200 by 80: the box is reserved before they load.
const LOGO_WIDTH = 200;
const LOGO_HEIGHT = 80;

/** This edition's sponsors, each a logo linking to the sponsor's site; below the fold, so lazy. */
export function SponsorLogos({ sponsors }: { sponsors: FestivalConfig['sponsors'] }) {
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
      {sponsors.map((sponsor) => (
        <li key={sponsor.name}>
          <a href={sponsor.url} className="d-inline-block border rounded p-1">
            <img
              src={sponsor.logo}
              alt={sponsor.name}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
