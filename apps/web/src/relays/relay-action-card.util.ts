import {
  DEFAULT_RELAY_TRIGGER_SETTINGS,
  RELAY_PULSE_MAX_SECONDS,
  type RelayActionDto,
  type RelayTriggerSettings,
} from '@app/contracts';

export const RELAY_OUTPUTS = ['relay_1', 'relay_2'] as const;
export const IO_PORTS = ['io_1', 'io_2', 'io_3', 'io_4'] as const;

/** A card's settings as edited: the seconds as typed, so that an empty or bad field can be shown and refused. */
export interface TriggerDraft {
  relay_1: string;
  relay_2: string;
  io_1: boolean;
  io_2: boolean;
  io_3: boolean;
  io_4: boolean;
}

export interface ActionDraft {
  on_fire: TriggerDraft;
  on_fault: TriggerDraft;
}

export type TriggerKey = keyof ActionDraft;

export function emptyTriggerSettings(): RelayTriggerSettings {
  return { ...DEFAULT_RELAY_TRIGGER_SETTINGS };
}

function triggerDraft(settings: RelayTriggerSettings): TriggerDraft {
  return { ...settings, relay_1: String(settings.relay_1), relay_2: String(settings.relay_2) };
}

export function actionDraft(action: RelayActionDto): ActionDraft {
  return { on_fire: triggerDraft(action.on_fire), on_fault: triggerDraft(action.on_fault) };
}

/**
 * Seconds (spec 2.9: number, minimum 0, step 1, required): the whole number, or why not. At most
 * RELAY_PULSE_MAX_SECONDS: a board reads a longer pulse as negative and latches the relay on.
 */
export function secondsError(value: string): string | null {
  if (value.trim() === '') return 'Enter the seconds (0 leaves the relay alone)';
  if (!/^\d+$/.test(value.trim())) return 'Seconds must be a whole number of 0 or more';
  if (Number(value.trim()) > RELAY_PULSE_MAX_SECONDS) return `Seconds must be at most ${RELAY_PULSE_MAX_SECONDS}`;
  return null;
}

function triggerSettings(draft: TriggerDraft): RelayTriggerSettings | null {
  if (secondsError(draft.relay_1) || secondsError(draft.relay_2)) return null;
  return { ...draft, relay_1: Number(draft.relay_1.trim()), relay_2: Number(draft.relay_2.trim()) };
}

/** The settings to send, or null while a field is wrong. */
export function draftSettings(
  draft: ActionDraft,
): { on_fire: RelayTriggerSettings; on_fault: RelayTriggerSettings } | null {
  const onFire = triggerSettings(draft.on_fire);
  const onFault = triggerSettings(draft.on_fault);
  return onFire && onFault ? { on_fire: onFire, on_fault: onFault } : null;
}

function sameTrigger(a: TriggerDraft, b: RelayTriggerSettings): boolean {
  const seconds = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));
  return (
    seconds(a.relay_1) === b.relay_1 &&
    seconds(a.relay_2) === b.relay_2 &&
    IO_PORTS.every((port) => a[port] === b[port])
  );
}

/** The card's Save is enabled only when its settings differ from the saved action (spec 2.9). */
export function isActionDirty(draft: ActionDraft, saved: RelayActionDto): boolean {
  return !sameTrigger(draft.on_fire, saved.on_fire) || !sameTrigger(draft.on_fault, saved.on_fault);
}
