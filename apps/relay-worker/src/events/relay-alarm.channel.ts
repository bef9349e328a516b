import { Injectable } from '@nestjs/common';
import { AlarmReactions, type AlarmChannel, type AlarmEvent } from '@app/alarm-reactions';
import { HANDLED_BEFORE_RESTORE, type HandledBeforeRestore, type PanelEventMessage } from '@app/contracts';
import { AlertConsumers, enqueueRelayActions, QueueService, relayActionJob } from '@app/messaging';
import { RelayActionRunsRepository } from '../jobs/relay-action-runs.repository';
import { RelayDrivingConfig } from '../relay-worker.config';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionsRepository, type FirableRelayAction } from './relay-actions.repository';

/**
 * The relay channel of the alarm pipeline (AlarmReactions): a fire or fault owes each relay action
 * of its site that acts on its trigger (the relay triggers are the alert categories) one run,
 * recorded in relay_action_runs, and one job whose id comes from the event and the action, so a
 * redelivered event adds nothing twice. Read by the worker's durable consumers, shared by its copies.
 */
@Injectable()
export class RelayAlarmChannel implements AlarmChannel<FirableRelayAction> {
  readonly name = 'relay';
  readonly logLines = { queued: 'relay jobs queued', suppressed: 'relay actions suppressed: site in test mode' };

  constructor(
    private readonly reactions: AlarmReactions,
    private readonly actions: RelayActionsRepository,
    private readonly runs: RelayActionRunsRepository,
    private readonly runLive: RelayRunLivePublisher,
    private readonly queues: QueueService,
    private readonly driving: RelayDrivingConfig,
  ) {}

  @AlertConsumers<RelayAlarmChannel>('relayWorker', {
    health: 'panelEventsConsumer',
    // A first deployment pulses no relay for alarms already in the stream.
    deliverFrom: 'new',
    // Recording and queueing fail only while Redis or PostgreSQL is away: retry on the job backoff's scale.
    configure: (self) => ({
      retryDelayMs: (deliveryCount) => Math.min(60_000, self.driving.backoffMs * 2 ** Math.max(0, deliveryCount - 1)),
    }),
  })
  handle(event: PanelEventMessage): Promise<void> {
    return this.reactions.react(this, event);
  }

  owed(alarm: AlarmEvent): Promise<FirableRelayAction[]> {
    return this.actions.firedBy(alarm.hwaddr, alarm.category);
  }

  recordOwed(alarm: AlarmEvent, actions: readonly FirableRelayAction[]): Promise<void> {
    return this.runs.recordOwed(
      actions.map((action) => action.id),
      alarm.hwaddr,
      alarm.seq,
      alarm.category,
    );
  }

  enqueue(alarm: AlarmEvent, actions: readonly FirableRelayAction[]): Promise<void> {
    return enqueueRelayActions(
      this.queues,
      actions.map((action) => relayActionJob(alarm.hwaddr, alarm.seq, alarm.category, action.id, this.driving)),
    );
  }

  /** Each run recorded suppressed, and its owner's open relay screen told (RelayRun). */
  recordSuppressed(alarm: AlarmEvent, actions: readonly FirableRelayAction[], reason: string): Promise<void> {
    return this.recordClosed(alarm, actions, 'suppressed', reason);
  }

  /** Each run recorded handled before the restore, and its owner's open relay screen told (RelayRun). */
  recordHandledBeforeRestore(alarm: AlarmEvent, actions: readonly FirableRelayAction[], reason: string): Promise<void> {
    return this.recordClosed(alarm, actions, HANDLED_BEFORE_RESTORE, reason);
  }

  describe(actions: readonly FirableRelayAction[]): Record<string, unknown> {
    return { relayActionIds: actions.map((action) => action.id) };
  }

  private async recordClosed(
    alarm: AlarmEvent,
    actions: readonly FirableRelayAction[],
    status: 'suppressed' | HandledBeforeRestore,
    reason: string,
  ): Promise<void> {
    for (const action of actions) {
      const run = await this.runs.recordClosed(action.id, alarm.hwaddr, alarm.seq, alarm.category, status, reason);
      if (run) this.runLive.written(run, action.relay);
    }
  }
}
