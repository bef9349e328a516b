/** The control buttons of the panel status screen and their action/data pairs (spec 2.13, 7). */

export const BUTTON_ACTIONS = ['SOUNDER', 'MUTE', 'RESET'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export const BUTTON_DATA = ['ALARM', 'OFF', 'NA'] as const;
export type ButtonData = (typeof BUTTON_DATA)[number];

export interface PanelButton {
  readonly action: ButtonAction;
  readonly data: ButtonData;
  readonly label: string;
}

export const PANEL_BUTTONS: readonly PanelButton[] = [
  { action: 'SOUNDER', data: 'ALARM', label: 'Start Sounders' },
  { action: 'SOUNDER', data: 'OFF', label: 'Stop Sounders' },
  { action: 'MUTE', data: 'NA', label: 'Silence Buzzer' },
  { action: 'RESET', data: 'NA', label: 'Reset' },
];

/** True only for the four allowed pairs: SOUNDER/ALARM, SOUNDER/OFF, MUTE/NA, RESET/NA. */
export function isButtonPair(action: unknown, data: unknown): boolean {
  return PANEL_BUTTONS.some((button) => button.action === action && button.data === data);
}

export function panelButton(action: string, data: string): PanelButton | undefined {
  return PANEL_BUTTONS.find((button) => button.action === action && button.data === data);
}
