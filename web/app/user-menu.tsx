import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../contract/auth';
import { logout } from '../features/auth/api/logout';
import { hasRole } from '../lib/roles';

function MenuLink({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <Link className="dropdown-item" to={to} onClick={onClick}>
        {children}
      </Link>
    </li>
  );
}

/**
 * The account dropdown (docs/behaviour.md#navigation-bar), built as a disclosure (a button that
 * shows a list of links) rather than with react-bootstrap's Dropdown, which would bring Popper and
 * more into the first page's JavaScript. Enter or Space opens it, arrow keys move through it,
 * Escape closes it and returns focus to the button, and it closes when focus or a click leaves it.
 */
export function UserMenu({ user, active, onNavigate }: { user: SessionUser; active: boolean; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(containerRef.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);

  const focusItem = (move: (index: number, count: number) => number) => {
    const list = items();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    list[move(index, list.length)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        // The list is rendered on the next paint; focus its first or last item then.
        requestAnimationFrame(() => focusItem((_i, n) => (down ? 0 : n - 1)));
      } else {
        focusItem((i, n) => (down ? (i + 1) % n : (i - 1 + n) % n));
      }
    }
  };

  const choose = () => {
    setOpen(false);
    onNavigate();
  };

  return (
    // The arrow keys bubble up from the focused button or link: the menu's roving focus is one
    // handler on the item that holds them, not one per element.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={containerRef}
      className="nav-item dropdown"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link dropdown-toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {user.name}
      </button>
      <ul id={menuId} className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} hidden={!open}>
        <MenuLink to="/profile" onClick={choose}>
          Profile
        </MenuLink>
        {hasRole(user, 'performer') && (
          <MenuLink to="/myacts" onClick={choose}>
            My Acts
          </MenuLink>
        )}
        {hasRole(user, 'host') && (
          <MenuLink to="/myvenues" onClick={choose}>
            My Venues
          </MenuLink>
        )}
        {user.is_admin && (
          <MenuLink to="/admin" onClick={choose}>
            Admin
          </MenuLink>
        )}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button type="button" className="dropdown-item" onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </li>
  );
}
