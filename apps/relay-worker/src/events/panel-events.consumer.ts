import { Injectable } from '@nestjs/common';
import { isAlertCategory, type PanelEventMessage } from '@app/contracts';
import { AlertConsumers } from '@app/messaging';
import { RelayActionRunsRepository } from '../jobs/relay-action-runs.repository';
import { RelayDrivingConfig } from '../relay-worker.config';
import { PanelEventRelayJobs } from './panel-event-relay-jobs.service';
import { RelayActionsRepository } from './relay-actions.repository';
import { TestModeRelaySuppression } from './test-mode-relay-suppression.service';

/**
 * The worker's durable consumers of fire and fault events, shared by its copies: each event fires
 * its site's relay actions that act on its trigger. Ack after each action's run is recorded owed in
 * PostgreSQL and its job added to Redis (so whatever Redis loses, the sweep finds the run), or, for
 * an event of a site in test mode, after its runs are recorded suppressed.
 */
@Injectable()
export class PanelEventsConsumer {
  constructor(
    private readonly actions: RelayActionsRepository,
    private readonly jobs: PanelEventRelayJobs,
    private readonly runs: RelayActionRunsRepository,
    private readonly driving: RelayDrivingConfig,
    private readonly testMode: TestModeRelaySuppression,
  ) {}

  @AlertConsumers<PanelEventsConsumer>('relayWorker', {
    health: 'panelEventsConsumer',
    // A first deployment pulses no relay for alarms already in the stream.
    deliverFrom: 'new',
    // Adding jobs fails only while Redis or PostgreSQL is away: retry on the job backoff's scale.
    configure: (self) => ({
      retryDelayMs: (deliveryCount) => Math.min(60_000, self.driving.backoffMs * 2 ** Math.max(0, deliveryCount - 1)),
    }),
  })
  async handle(event: PanelEventMessage): Promise<void> {
    // The relay triggers are the alert categories: on fire, on fault.
    if (!isAlertCategory(event.category)) return;
    const trigger = event.category;
    // Two independent reads side by side: the alarm waits for the slower, not for both in turn.
    const [actions, testMode] = await Promise.all([
      this.actions.firedBy(event.hwaddr, trigger),
      this.testMode.decide(event),
    ]);
    if (actions.length === 0) return;
    if (testMode) await this.testMode.suppress(event, trigger, actions, testMode);
    else {
      // Both before the ack, side by side: the board waits for the slower, not for both in turn.
      await Promise.all([
        this.runs.recordOwed(
          actions.map((action) => action.id),
          event.hwaddr,
          event.seq,
          trigger,
        ),
        this.jobs.enqueue(event, trigger, actions),
      ]);
    }
  }
}
