import type { AlertCategory, PanelEventMessage } from '@app/contracts';
import type { AlarmChannelName } from './alarm-channels.constants';

/** A fire or fault as it came from the PANEL_EVENTS stream: what owes reactions. */
export type AlarmEvent = PanelEventMessage & { category: AlertCategory };

/**
 * One kind of reaction an alarm owes (a relay action driven, an e-mail sent), in the app that
 * performs it. The pipeline (AlarmReactions) takes the alarm's one test-mode decision and calls
 * these in order; the channel says only what is owed, how it is recorded and how its work is
 * queued. `O` is one owed reaction as the channel knows it (a relay action, a recipient).
 */
export interface AlarmChannel<O> {
  /** The channel's name in ALARM_CHANNELS; log lines carry it. */
  readonly name: AlarmChannelName;
  /** The lines logged when the alarm's reactions are queued, and when test mode suppressed them. */
  readonly logLines: { queued: string; suppressed: string };
  /** What the alarm owes on this channel; none: nothing to record or queue. */
  owed(alarm: AlarmEvent): Promise<O[]>;
  /** Records each as owed (one statement), so that whatever Redis loses, the sweep finds it. */
  recordOwed(alarm: AlarmEvent, owed: readonly O[]): Promise<void>;
  /** Adds the jobs that perform them, each under an id of its record's own. */
  enqueue(alarm: AlarmEvent, owed: readonly O[]): Promise<void>;
  /** Records each as suppressed with why (its site was in test mode): nothing is queued. */
  recordSuppressed(alarm: AlarmEvent, owed: readonly O[], reason: string): Promise<void>;
  /**
   * Records each as handled before a database restore, with why (HANDLED_BEFORE_RESTORE): the alarm
   * was acked after the restore point and its reaction performed then, its record lost with the data;
   * the replay (docs/backup-restore.md) writes this instead of performing it again. Nothing is queued.
   */
  recordHandledBeforeRestore(alarm: AlarmEvent, owed: readonly O[], reason: string): Promise<void>;
  /** Log fields naming the owed reactions (ids, not contents). */
  describe(owed: readonly O[]): Record<string, unknown>;
}
