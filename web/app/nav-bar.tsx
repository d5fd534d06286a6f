import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useFestival } from '../lib/festival';
import { useSession } from '../lib/session';
import { UserMenu } from './user-menu';

type Section = 'schedule' | 'myday' | 'acts' | 'venues' | 'contact' | 'about' | 'faq' | 'login' | 'account' | null;

/**
 * Which nav item a path lights up (docs/behaviour.md#navigation-bar: /register and /forgotpass
 * light Login, /contact-thankyou Contact).
 */
export function navSection(pathname: string): Section {
  switch (pathname.split('/')[1] ?? '') {
    case 'schedule':
      return 'schedule';
    case 'myday':
      return 'myday';
    case 'acts':
      return 'acts';
    case 'venues':
      return 'venues';
    case 'contact':
    case 'contact-thankyou':
      return 'contact';
    case 'about':
      return 'about';
    case 'faq':
      return 'faq';
    case 'login':
    case 'register':
    case 'forgotpass':
      return 'login';
    case 'profile':
    case 'myacts':
    case 'myvenues':
    case 'admin':
      return 'account';
    default:
      return null;
  }
}

// "Schedule" and "My day" come first, right after the brand: the pages festival-goers need on the
// day (docs/decisions/0015-festival-day.md; issue 28, item 9). The spec's links follow unchanged.
const LINKS = [
  { to: '/schedule', label: 'Schedule', section: 'schedule' },
  { to: '/myday', label: 'My day', section: 'myday' },
  { to: '/acts', label: 'Acts', section: 'acts' },
  { to: '/venues', label: 'Venues', section: 'venues' },
  { to: '/contact', label: 'Contact', section: 'contact' },
  { to: '/about', label: 'About', section: 'about' },
  { to: '/faq', label: 'FAQ', section: 'faq' },
] as const;

function NavItem({ to, label, active, onClick }: { to: string; label: string; active: boolean; onClick: () => void }) {
  return (
    <li className="nav-item">
      <Link
        to={to}
        className={`nav-link${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
      >
        {label}
      </Link>
    </li>
  );
}

/** The "{product} 2025" link: the event page's nav item, lit on that page like the others. */
function BrandLink({
  to,
  active,
  onClick,
  children,
}: {
  to: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Link
      className={`navbar-brand${active ? ' active' : ''}`}
      to={to}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

/**
 * The navigation bar (docs/behaviour.md#navigation-bar), in Bootstrap's navbar markup without its
 * JavaScript: on a phone the links fold behind the toggler and fold away again once one is chosen.
 */
export function NavBar() {
  const { data: festival } = useFestival();
  const user = useSession();
  const { pathname } = useLocation();
  const section = navSection(pathname);
  const [expanded, setExpanded] = useState(false);
  const collapse = () => setExpanded(false);

  return (
    <nav className="navbar navbar-expand-lg bg-dark" data-bs-theme="dark" aria-label="Main">
      <div className="container">
        {festival ? (
          <BrandLink to={`/${festival.slug}`} active={pathname === `/${festival.slug}`} onClick={collapse}>
            {festival.name} {festival.year}
          </BrandLink>
        ) : (
          <span className="navbar-brand" aria-hidden="true" />
        )}
        <button
          className="navbar-toggler"
          type="button"
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            {LINKS.map((link) => (
              <NavItem key={link.to} {...link} active={section === link.section} onClick={collapse} />
            ))}
          </ul>
          <ul className="navbar-nav">
            {user ? (
              <UserMenu user={user} active={section === 'account'} onNavigate={collapse} />
            ) : (
              <NavItem to="/login" label="Login / Register" active={section === 'login'} onClick={collapse} />
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
