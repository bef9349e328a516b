import { Injectable, Logger } from '@nestjs/common';
import { LivePublisher, ScheduledSweep } from '@app/messaging';
import { Clock, type LogFields } from '@app/platform';
import { PanelLinks } from './panel-links.reader';
import { PanelOutages } from './panel-outages.service';
import { PanelOutagesRepository, type HeldPanel } from './panel-outages.repository';
import { PanelSupervisionConfig } from './panel-supervision.config';

/** Rows looked at per kind and pass, oldest first; the rest wait for the next pass. */
const SWEEP_BATCH = 100;
/** How often the open losses are checked against the bucket (a reconnection whose report was missed). */
const OPEN_RECHECK_MS = 60_000;

/**
 * Every portal-api copy, every PANEL_OFFLINE_SWEEP_INTERVAL_MS: settles the pending losses whose
 * delay has passed, mails the losses the flap rule held back once the interval has passed, queues
 * mails decided but not queued (a copy stopped in between), and finds the panels of gateway copies
 * that died without closing them (their sign of life expired): those are stored disconnected, told
 * to browsers and recorded lost. At start, and every minute, open losses whose panel is back are
 * restored; at start, panels stored connected whose disconnect report no copy heard are recorded
 * lost. Copies sweep side by side: every change is made once (PanelOutages), whoever comes first.
 */
@Injectable()
export class PanelOutageSweep extends ScheduledSweep {
  private readonly logger = new Logger(PanelOutageSweep.name);
  private lastOpenRecheck = 0;
  private startupDone = false;
  /** Gateway copies seen without a sign of life at the last pass: acted on when still so at the next. */
  private deadBefore = new Set<string>();

  constructor(
    private readonly config: PanelSupervisionConfig,
    private readonly outages: PanelOutagesRepository,
    private readonly supervision: PanelOutages,
    private readonly links: PanelLinks,
    private readonly live: LivePublisher,
    private readonly clock: Clock,
  ) {
    super(PanelOutageSweep.name, config.sweepIntervalMs);
  }

  /** One pass; the first also catches up with what happened while no copy was running. */
  async sweep(): Promise<void> {
    if (!this.startupDone) this.startupDone = await this.recordUnheardLosses(await this.outages.heldPanels());
    const now = this.clock.now();
    for (const outage of await this.outages.dueLosses(
      new Date(now.getTime() - this.config.offlineAlertDelayMs),
      SWEEP_BATCH,
    ))
      await this.each({ outageId: outage.id, hwaddr: outage.hwaddr, step: 'loss' }, () =>
        this.supervision.settleDue(outage.id, outage.hwaddr),
      );
    const mailedBefore = new Date(now.getTime() - this.config.minMailIntervalMs);
    for (const outage of await this.outages.heldBackDue(mailedBefore, SWEEP_BATCH))
      await this.each({ outageId: outage.id, hwaddr: outage.hwaddr, step: 'held-back loss' }, () =>
        this.supervision.mailHeldBack(outage.id, outage.hwaddr),
      );
    for (const outage of await this.outages.mailsToQueue(SWEEP_BATCH))
      await this.each({ outageId: outage.id, hwaddr: outage.hwaddr, step: 'mails of loss' }, () =>
        this.supervision.queueMissedMails(outage),
      );
    const dead = new Set<string>();
    for (const gatewayId of await this.outages.connectedGateways()) {
      if (await this.links.gatewayAlive(gatewayId)) continue;
      dead.add(gatewayId);
      // Twice in a row: a copy starting up writes its sign of life a moment after it takes panels.
      if (this.deadBefore.has(gatewayId)) await this.recordUnheardLosses(await this.outages.heldPanels(gatewayId));
    }
    this.deadBefore = dead;
    if (now.getTime() - this.lastOpenRecheck >= OPEN_RECHECK_MS) {
      await this.recheckOpen();
      this.lastOpenRecheck = now.getTime();
    }
  }

  /**
   * Panels stored connected that the bucket says are not (a copy died, a report no copy heard).
   * False when one of them could not be looked at.
   */
  private async recordUnheardLosses(panels: HeldPanel[]): Promise<boolean> {
    let all = true;
    for (const panel of panels) {
      const done = await this.each({ hwaddr: panel.hwaddr, step: 'unheard loss' }, async () => {
        const link = await this.links.of(panel.hwaddr);
        if (!link || link.connected || link.connectionId !== panel.connectionId) return;
        // Once, by whichever copy stores it first: browsers see the panel go as on a disconnect report.
        if (await this.outages.markDisconnected(panel.hwaddr, panel.connectionId)) {
          this.live.toPanel(panel.hwaddr, {
            type: 'Connection',
            data: { hwaddr: panel.hwaddr, connected: false, at: link.since.toISOString() },
          });
          this.logger.warn(
            { hwaddr: panel.hwaddr, connectionId: panel.connectionId },
            'panel disconnected without a report (its gateway copy died, or the report was lost)',
          );
        }
        await this.outages.recordLoss(panel.hwaddr, panel.connectionId, link.since);
      });
      all = all && done;
    }
    return all;
  }

  /** Open losses of panels the bucket shows connected again. */
  private async recheckOpen(): Promise<void> {
    for (const outage of await this.outages.open(SWEEP_BATCH * 5))
      await this.each({ outageId: outage.id, hwaddr: outage.hwaddr, step: 'open loss' }, async () => {
        const link = await this.links.of(outage.hwaddr);
        if (link?.connected && link.connectionId !== outage.connectionId)
          await this.supervision.panelBack(outage.hwaddr, link.connectionId, link.since);
      });
  }

  /** One item's failure (NATS or the database away a moment) is logged; the next pass tries again. */
  private async each(about: LogFields, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      this.logger.warn({ ...about, err: error }, 'not settled, next pass tries again');
      return false;
    }
  }
}
