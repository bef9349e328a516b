/** The panel manager's forms; each keeps its own request status. */
export const PANEL_FORMS = ['command', 'strings', 'zone', 'device', 'module'] as const;
export type PanelFormId = (typeof PANEL_FORMS)[number];

/** Where a command or edit goes: one network of one site. */
export interface PanelTarget {
  hwaddr: string;
  networkId: number;
}

/** What each edit form's success toast says; the About screen's is the spec's. */
export const PANEL_EDIT_SAVED: Readonly<Record<PanelFormId, string>> = {
  command: 'Command sent.',
  strings: 'Panel info updated.',
  zone: 'Zone updated.',
  device: 'Device updated.',
  module: 'Module updated.',
};
