import Button, { type ButtonProps } from 'react-bootstrap/Button';

interface Props {
  /** The navigation landmark's name. */
  label: string;
  /** The buttons' words, towards the first page and away from it. */
  back: string;
  forward: string;
  offset: number;
  /** How many rows this page shows, and how many there are in all. */
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  size?: ButtonProps['size'];
}

/** The pages of a desk list: back, "1–20 of 45", forward. */
export function DeskPager({ label, back, forward, offset, shown, total, pageSize, onOffset, size }: Props) {
  return (
    <nav aria-label={label} className="d-flex gap-2 align-items-center">
      <Button
        variant="outline-secondary"
        size={size}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        {back}
      </Button>
      <span>
        {offset + 1}–{offset + shown} of {total}
      </span>
      <Button
        variant="outline-secondary"
        size={size}
        disabled={offset + pageSize >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        {forward}
      </Button>
    </nav>
  );
}
