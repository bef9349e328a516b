import { RuntimeConfig } from '@app/config';
import { MetricsService } from '@app/platform';
import { HandClock } from '@app/testing';
import { GatewayMetrics } from '../metrics/gateway-metrics.service';
import { ReadingPauses } from './reading-pauses.service';

describe('ReadingPauses', () => {
  const clock = new HandClock(1_000_000);
  let metrics: GatewayMetrics;
  let pauses: ReadingPauses;
  let lines: Array<{ level: string; fields: unknown; message: string }>;

  beforeEach(() => {
    metrics = new GatewayMetrics(new MetricsService(new RuntimeConfig('panel-gateway', 'test', 'info', 0)));
    pauses = new ReadingPauses(metrics, clock);
    lines = [];
    for (const level of ['warn', 'log'] as const)
      jest.spyOn(pauses['logger'], level).mockImplementation((...[fields, message]: unknown[]) => {
        lines.push({ level, fields, message: String(message) });
      });
  });

  const gauge = async () => (await metrics.pausedPanels.get()).values[0]?.value;
  const panel = (n: number) => ({ hwaddr: `00a0b1c2d3e${n}`, connectionId: `c${n}` });

  it('says once that NATS is behind however many panels it holds back, and once that every panel is read again', async () => {
    pauses.pause(panel(1));
    pauses.pause(panel(2));
    pauses.pause(panel(3));
    expect(await gauge()).toBe(3);
    pauses.resume(panel(2));
    pauses.pause(panel(2));
    pauses.resume(panel(1));
    pauses.resume(panel(2));
    expect(await gauge()).toBe(1);
    clock.atMs += 2_500;
    pauses.resume(panel(3));

    expect(await gauge()).toBe(0);
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: panel(1),
        message: 'NATS is behind: no longer reading from some panels until it catches up',
      },
      {
        level: 'log',
        fields: { pausedMs: 2_500, mostPanelsPaused: 3, pauses: 4 },
        message: 'reading from every connected panel again (NATS caught up, or the panels held back left)',
      },
    ]);
  });

  it('starts a new episode, with its own figures, the next time NATS falls behind', async () => {
    pauses.pause(panel(1));
    pauses.pause(panel(2));
    pauses.resume(panel(1));
    pauses.resume(panel(2));
    pauses.pause(panel(3));
    clock.atMs += 40;
    pauses.resume(panel(3));

    expect(lines.map(({ level }) => level)).toEqual(['warn', 'log', 'warn', 'log']);
    expect(lines[3].fields).toEqual({ pausedMs: 40, mostPanelsPaused: 1, pauses: 1 });
  });

  it('never counts below none (a resume it never saw paused)', async () => {
    pauses.resume(panel(1));
    pauses.pause(panel(2));
    expect(await gauge()).toBe(1);
  });
});
