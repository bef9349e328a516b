import { readPanelSupervisionConfig } from './panel-supervision.config';

describe('panel supervision configuration', () => {
  it('reports a loss after the supervision window and mails one loss per half hour by default', () => {
    expect(readPanelSupervisionConfig({})).toEqual({
      offlineAlertDelayMs: 90_000,
      minMailIntervalMs: 1_800_000,
      sweepIntervalMs: 5000,
    });
  });

  it('takes other values in their ranges', () => {
    expect(
      readPanelSupervisionConfig({
        PANEL_OFFLINE_ALERT_DELAY_S: '1',
        PANEL_OFFLINE_ALERT_MIN_INTERVAL_S: '0',
        PANEL_OFFLINE_SWEEP_INTERVAL_MS: '100',
      }),
    ).toEqual({ offlineAlertDelayMs: 1000, minMailIntervalMs: 0, sweepIntervalMs: 100 });
  });

  it.each([
    ['PANEL_OFFLINE_ALERT_DELAY_S', '0', 'an integer from 1 to 86400'],
    ['PANEL_OFFLINE_ALERT_DELAY_S', '1.5', 'an integer from 1 to 86400'],
    ['PANEL_OFFLINE_ALERT_MIN_INTERVAL_S', '-1', 'an integer from 0 to 604800'],
    ['PANEL_OFFLINE_SWEEP_INTERVAL_MS', '10', 'an integer from 100 to 60000'],
  ])('refuses %s=%s at boot', (variable, value, expected) => {
    expect(() => readPanelSupervisionConfig({ [variable]: value })).toThrow(
      `Invalid configuration: ${variable} must be ${expected}, got '${value}'`,
    );
  });
});
