import type { ReactNode, Ref } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

interface CardListProps<T> {
  items: readonly T[];
  /** The list's name for screen readers: 'Acts', 'My venues'. */
  label: string;
  ref?: Ref<HTMLUListElement>;
  children: (item: T) => ReactNode;
}

/** A catalogue's cards as a list: one column on a phone, two from large screens up. */
export function CardList<T extends { id: number }>({ items, label, ref, children }: CardListProps<T>) {
  return (
    <Row ref={ref} xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label={label}>
      {items.map((item) => (
        <Col as="li" key={item.id}>
          {children(item)}
        </Col>
      ))}
    </Row>
  );
}
