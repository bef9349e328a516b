import { EVENT_CATEGORY_FILTER_LABELS, type EventCategory } from '@app/contracts';

/**
 * One glyph per category (24×24 paths), so that categories differ by shape and not only by colour:
 * a flame for fire, a warning triangle for fault, a gear for system, a wrench for service and a
 * chip for technical.
 */
const GLYPHS: Readonly<Record<EventCategory, string>> = {
  fire: 'M12 2c1 3.5 5 6 5 11a5 5 0 0 1-10 0c0-2.2 1-3.8 2.2-5 .1 1.6.8 2.8 1.8 3.4C11 8.6 11.4 5.2 12 2z',
  fault: 'M12 3 2 21h20L12 3zm-1 6h2v6h-2V9zm0 8h2v2h-2v-2z',
  system:
    'M10.3 2h3.4l.5 2.6 1.6.7 2.2-1.5 2.4 2.4-1.5 2.2.7 1.6 2.4.4v3.4l-2.6.5-.7 1.6 1.5 2.2-2.4 2.4-2.2-1.5-1.6.7-.5 2.3h-3.4l-.5-2.6-1.6-.7-2.2 1.5-2.4-2.4 1.5-2.2-.7-1.6L2 13.7v-3.4l2.6-.5.7-1.6-1.5-2.2 2.4-2.4 2.2 1.5 1.6-.7.3-2.4zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  service: 'M21 6.5a5 5 0 0 1-6.6 4.7L6.7 18.9a1.9 1.9 0 0 1-2.6-2.6l7.7-7.7A5 5 0 0 1 17.5 2l-3 3 .9 2.6 2.6.9 3-3z',
  technical:
    'M8 6h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zm2 4v4h4v-4h-4zM9 2h2v3H9zm4 0h2v3h-2zM9 19h2v3H9zm4 0h2v3h-2zM2 9h3v2H2zm0 4h3v2H2zm17-4h3v2h-3zm0 4h3v2h-3z',
};

/** A round badge coloured per category (stylesheet) with the category's own glyph and its name for screen readers. */
export function CategoryIcon({ category }: { category: EventCategory }) {
  const label = EVENT_CATEGORY_FILTER_LABELS[category];
  return (
    <span
      className={`event-icon event-icon--${category}`}
      role="img"
      aria-label={label}
      title={label}
      data-glyph={category}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={GLYPHS[category]} fill="currentColor" fillRule="evenodd" />
      </svg>
    </span>
  );
}
