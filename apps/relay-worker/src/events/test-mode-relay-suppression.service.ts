import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { testModeSuppressionReason, type PanelEventMessage, type RelayTrigger } from '@app/contracts';
import { alarmTestMode, type AlarmTestMode } from '@app/database';
import { RelayActionRunsRepository } from '../jobs/relay-action-runs.repository';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import type { FirableRelayAction } from './relay-actions.repository';

/**
 * Test mode (docs/test-mode.md): a fire or fault that arrived while its site was in test mode drives
 * no relay. Each relay action it would have fired gets a run recorded as suppressed, with the test
 * mode's reason, and its owner's open relay screen is told (RelayRun). The decision is the event's
 * one decision (alarmTestMode), the one portal-api marks it with and the mailer follows.
 */
@Injectable()
export class TestModeRelaySuppression {
  private readonly logger = new Logger(TestModeRelaySuppression.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly runs: RelayActionRunsRepository,
    private readonly runLive: RelayRunLivePublisher,
  ) {}

  /** The test mode that covered the alarm's arrival, or null: its relay actions are then driven. */
  decide(event: PanelEventMessage): Promise<AlarmTestMode | null> {
    return alarmTestMode(this.dataSource, event);
  }

  /** Records the runs of a test alarm's actions as suppressed, and tells their owners. */
  async suppress(
    event: PanelEventMessage,
    trigger: RelayTrigger,
    actions: readonly FirableRelayAction[],
    testMode: AlarmTestMode,
  ): Promise<void> {
    const reason = testModeSuppressionReason(testMode.reason);
    for (const action of actions) {
      const run = await this.runs.suppressed(action.id, event.hwaddr, event.seq, trigger, reason);
      if (run) this.runLive.written(run, action.relay);
    }
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    this.logger.log(
      { trigger, testModeId: testMode.testModeId, relayActionIds: actions.map((action) => action.id) },
      'relay actions suppressed: site in test mode',
    );
  }
}
