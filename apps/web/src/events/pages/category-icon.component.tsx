import type { EventCategory } from '@app/contracts';

/** A round badge with the category's initial, coloured per category by the stylesheet. */
export function CategoryIcon({ category }: { category: EventCategory }) {
  return (
    <span className={`event-icon event-icon--${category}`} role="img" aria-label={category}>
      {category.charAt(0).toUpperCase()}
    </span>
  );
}
