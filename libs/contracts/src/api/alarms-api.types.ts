import type { EscalationStep, EscalationStepInput } from '../alarms/escalation-policy.catalogue';
import type { AlarmKind, AlarmTimelineChange } from '../alarms/alarm-kinds.catalogue';

/** Alarms (docs/alarms.md). Dates are ISO 8601 strings. */

/** Who acknowledged an alarm, when, and what they noted. */
export interface AlarmAcknowledgement {
  /** The user's name as it was then. */
  by: string;
  at: string;
  /** Empty when none was given. */
  note: string;
}

/** One change of an alarm, oldest first in its timeline. */
export interface AlarmTimelineEntry {
  change: AlarmTimelineChange;
  at: string;
  /** The user who made it (acknowledged); null for the panel's and the system's changes. */
  by: string | null;
  /**
   * The event's title (opened, event), the acknowledgement's note, why it cleared, or what a
   * notification or escalation step was (to whom, and why it failed or was not sent).
   */
  text: string;
}

/** GET /v2/alarms entry, and what the live feed's Alarm message carries. */
export interface AlarmDto {
  id: number;
  hwaddr: string;
  kind: AlarmKind;
  /** The panel network it is on; null for a communication loss (the whole panel). */
  networkId: number | null;
  /** The first event's title and location (location empty when it has none). */
  title: string;
  location: string;
  openedAt: string;
  /** The latest event that joined it (the first, until another came). */
  lastEventAt: string;
  /** How many events of its kind the panel sent while it was active. */
  events: number;
  acknowledgement: AlarmAcknowledgement | null;
  /** Null while active. */
  clearedAt: string | null;
  clearReason: string | null;
}

/** GET /v2/alarms/{alarmId}. */
export interface AlarmDetailDto extends AlarmDto {
  timeline: AlarmTimelineEntry[];
}

/** GET /v2/alarms: the user's sites' alarms that need someone (active or unacknowledged), fire first, then the latest handled. */
export interface AlarmsListResponse {
  alarms: AlarmDto[];
}

/** POST /v2/alarms/{alarmId}/acknowledge. */
export interface AlarmAcknowledgeRequest {
  /** Optional, up to ALARM_NOTE_MAX_LENGTH characters. */
  note?: string;
}

/** GET and PUT /v2/sites/{hwaddr}/escalation: the site's escalation policy (docs/alarms.md). */
export interface SiteEscalationPolicy {
  /** Every step: step 1 at once, then the site's later steps. */
  steps: EscalationStep[];
  /** True while the site follows the default policy (it never set its own). */
  isDefault: boolean;
  /** Who last set it, and when; null for the default. */
  updatedBy: string | null;
  updatedAt: string | null;
}

/** PUT /v2/sites/{hwaddr}/escalation: the later steps, in order (step 1 is not the site's to set). */
export interface SiteEscalationRequest {
  steps: EscalationStepInput[];
}
