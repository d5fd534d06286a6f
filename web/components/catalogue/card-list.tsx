import type { ReactNode, Ref } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useRestOnInteraction } from '../../lib/use-rest-on-interaction';

/** Cards a phone's first screen shows, and a little more: the rest come when the reader moves. */
const FIRST_CARDS = 8;

interface CardListProps<T> {
  items: readonly T[];
  /** The list's name for screen readers: 'Acts', 'My venues'. */
  label: string;
  ref?: Ref<HTMLUListElement>;
  children: (item: T) => ReactNode;
}

/**
 * A catalogue's cards as a list: one column on a phone, two from large screens up. The first cards
 * are drawn at once and the rest when the reader scrolls or presses a key (useRestOnInteraction).
 */
export function CardList<T extends { id: number }>({ items, label, ref, children }: CardListProps<T>) {
  const shown = useRestOnInteraction(items.length, FIRST_CARDS);
  return (
    <Row ref={ref} xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label={label}>
      {items.slice(0, shown).map((item) => (
        <Col as="li" key={item.id}>
          {children(item)}
        </Col>
      ))}
    </Row>
  );
}
