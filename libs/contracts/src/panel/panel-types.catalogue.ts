/** Kinds of control panel; each has its own icon and site image (spec 2.3, 2.4). */

export const PANEL_TYPES = ['SMARTLOOP_MK2', 'MULTILOOP', 'UNKNOWN'] as const;

export type PanelType = (typeof PANEL_TYPES)[number];

export const PANEL_TYPE_LABELS: Readonly<Record<PanelType, string>> = {
  SMARTLOOP_MK2: 'Smartloop Mk2',
  MULTILOOP: 'Multiloop',
  UNKNOWN: 'Unknown panel',
};

export function isPanelType(value: unknown): value is PanelType {
  return typeof value === 'string' && (PANEL_TYPES as readonly string[]).includes(value);
}

/** Any value a panel or the database reports, folded onto a known panel type. */
export function toPanelType(value: unknown): PanelType {
  return isPanelType(value) ? value : 'UNKNOWN';
}
