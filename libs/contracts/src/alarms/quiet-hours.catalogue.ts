/**
 * A user's quiet hours (docs/alarms.md, "Quiet hours"): a daily span, in the user's time zone, in
 * which faults and communication losses are not e-mailed or pushed to them. Fire is never held back.
 * The alarm still opens and is listed; the others it reaches are told as ever.
 */
export interface QuietHours {
  /** 'HH:MM', 24-hour: when the quiet begins. */
  from: string;
  /** 'HH:MM': when it ends; earlier than `from` spans midnight (22:00 to 07:00). */
  to: string;
  /** An IANA time zone ('Europe/Berlin'). */
  timeZone: string;
}

/** GET and PUT /v2/account/quiet-hours. */
export interface QuietHoursSetting {
  /** Null: no quiet hours. */
  quietHours: QuietHours | null;
}

/** The alarm kinds quiet hours hold back. */
export const QUIET_HOURS_KINDS = ['fault', 'communication'] as const;

export const QUIET_HOURS_MESSAGES = {
  time: "Quiet hours start and end at a time 'HH:MM'",
  same: 'Quiet hours must start and end at different times',
  timeZone: 'Unknown time zone',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Why quiet hours are refused, or null when they are fine (the time zone checked by the caller, which knows the zones). */
export function quietHoursProblem(quiet: QuietHours): string | null {
  if (!TIME.test(quiet.from) || !TIME.test(quiet.to)) return QUIET_HOURS_MESSAGES.time;
  if (quiet.from === quiet.to) return QUIET_HOURS_MESSAGES.same;
  return null;
}
