import { env, readConfig } from '@app/config';
import { PANEL_SUPERVISION_WINDOW_MS } from '@app/contracts';

type Env = Record<string, string | undefined>;

/** When a panel's lost communication is reported, and how often it is mailed (docs/alerts.md). */
export class PanelSupervisionConfig {
  constructor(
    /** PANEL_OFFLINE_ALERT_DELAY_S: a panel disconnected this long gets 'Panel communication lost'. */
    readonly offlineAlertDelayMs: number,
    /** PANEL_OFFLINE_ALERT_MIN_INTERVAL_S: at most one 'lost' mail per site in this interval (the flap rule). */
    readonly minMailIntervalMs: number,
    /** PANEL_OFFLINE_SWEEP_INTERVAL_MS: how often each copy looks for losses due, dead gateways, mails to queue. */
    readonly sweepIntervalMs: number,
  ) {}
}

export function readPanelSupervisionConfig(source: Env = process.env): PanelSupervisionConfig {
  const values = readConfig(
    {
      PANEL_OFFLINE_ALERT_DELAY_S: env.int({ fallback: PANEL_SUPERVISION_WINDOW_MS / 1000, min: 1, max: 86_400 }),
      PANEL_OFFLINE_ALERT_MIN_INTERVAL_S: env.int({ fallback: 1800, min: 0, max: 7 * 86_400 }),
      PANEL_OFFLINE_SWEEP_INTERVAL_MS: env.int({ fallback: 5000, min: 100, max: 60_000 }),
    },
    source,
  );
  return new PanelSupervisionConfig(
    values.PANEL_OFFLINE_ALERT_DELAY_S * 1000,
    values.PANEL_OFFLINE_ALERT_MIN_INTERVAL_S * 1000,
    values.PANEL_OFFLINE_SWEEP_INTERVAL_MS,
  );
}
