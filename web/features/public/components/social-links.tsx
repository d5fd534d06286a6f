import type { FestivalConfig } from '../../../../contract/festival';

/** Where the festival posts (docs/behaviour.md#the-festival). */
export function SocialLinks({ festival }: { festival: FestivalConfig }) {
  return (
    <ul className="list-inline mb-2">
      {festival.social_links.map((link) => (
        <li key={link.url} className="list-inline-item">
          <a href={link.url} rel="me">
            {festival.name} on {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
