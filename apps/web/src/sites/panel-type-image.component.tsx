import { PANEL_TYPE_LABELS, type PanelType } from '@app/contracts';

const COLOURS: Record<PanelType, string> = { SMARTLOOP_MK2: '#b3261e', MULTILOOP: '#1f4e9c', UNKNOWN: '#6c757d' };
const MARKS: Record<PanelType, string> = { SMARTLOOP_MK2: 'S2', MULTILOOP: 'ML', UNKNOWN: '?' };

/** The picture of a panel type (spec 2.3, 2.4): a panel front in the type's colour and mark. */
export function PanelTypeImage({ panelType, size = 64 }: { panelType: PanelType; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={PANEL_TYPE_LABELS[panelType]}>
      <rect x="6" y="4" width="52" height="56" rx="6" fill={COLOURS[panelType]} />
      <rect x="14" y="12" width="36" height="14" rx="2" fill="#e9f5e9" />
      <circle cx="20" cy="36" r="3" fill="#fff" />
      <circle cx="32" cy="36" r="3" fill="#ffd54f" />
      <circle cx="44" cy="36" r="3" fill="#fff" />
      <text x="32" y="54" textAnchor="middle" fontSize="11" fontFamily="sans-serif" fill="#fff">
        {MARKS[panelType]}
      </text>
    </svg>
  );
}
