import { useIsFavourite } from './favourites-store';
import './favourites.css';

/**
 * The favourite toggle: a real button whose pressed state screen readers announce, named after
 * the act so a list of stars is not a list of "Favourite, Favourite...".
 */
export function StarButton({ actId, actName, className = '' }: { actId: number; actName: string; className?: string }) {
  const [on, set] = useIsFavourite(actId);
  return (
    <button
      type="button"
      className={`btn btn-sm star-button ${on ? 'btn-warning' : 'btn-outline-secondary'} ${className}`}
      aria-pressed={on}
      aria-label={`Favourite: ${actName}`}
      onClick={() => set(!on)}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}
