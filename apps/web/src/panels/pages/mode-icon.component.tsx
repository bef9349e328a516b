import { modeIcon, modeLabel, type Mode } from '@app/contracts';

/** 24×24 glyphs of the devices screen's mode icons (spec 2.14): tick, warning, cross, spanner. */
const GLYPHS = {
  tick: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z',
  warning: 'M12 3 2 21h20L12 3zm-1 6h2v6h-2V9zm0 8h2v2h-2v-2z',
  cross: 'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z',
  spanner: 'M21 6.5a5 5 0 0 1-6.6 4.7L6.7 18.9a1.9 1.9 0 0 1-2.6-2.6l7.7-7.7A5 5 0 0 1 17.5 2l-3 3 .9 2.6 2.6.9 3-3z',
} as const;

/** A zone's or device's mode as its icon, named by the mode for screen readers; nothing for MODE_NONE. */
export function ModeIcon({ mode }: { mode: Mode | undefined }) {
  const icon = mode ? modeIcon(mode) : null;
  if (!mode || !icon) return null;
  return (
    <span
      className={`mode-icon mode-icon--${icon}`}
      role="img"
      aria-label={modeLabel(mode)}
      title={modeLabel(mode)}
      data-icon={icon}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={GLYPHS[icon]} fill="currentColor" />
      </svg>
    </span>
  );
}
