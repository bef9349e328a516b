import type { ScenarioResult } from '../bench-results.types';
import { readCpuSeconds, readRssMegabytes } from '../process-usage.util';
import { PanelFleet, waitFor } from '../panel-fleet';
import { rawTcpConnections } from '../raw-limits';
import type { BenchEnvironment } from './bench-environment.types';

/**
 * `connections` panels held by one gateway: memory per connection, gateway CPU over one heartbeat
 * period (30 s at the default supervision window), then one event per panel and at once a gateway
 * restart: the time until every panel is back, and that every event ends up stored. The raw limit:
 * as many plain TCP connections held by a bare Node server.
 */
export async function connectionsScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { connections } = env.options;
  const gatewayPid = env.stack.pid('panel-gateway');
  const rssBefore = readRssMegabytes(gatewayPid);
  const fleet = new PanelFleet(env.stack.panelPort, connections, 0xb7);
  await fleet.provision(env.portal.db);
  const connectStarted = performance.now();
  try {
    await fleet.connect(300_000);
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssHeld = readRssMegabytes(gatewayPid);
    const cpuBefore = readCpuSeconds(gatewayPid);
    const holdSeconds = 30;
    await new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000));
    const heartbeatCpu = readCpuSeconds(gatewayPid) - cpuBefore;

    const storedBefore = await env.portal.storedEventCount();
    for (let index = 0; index < connections; index++) fleet.send('system', `Restart ${index}`, index);
    const restartStarted = performance.now();
    await env.stack.stopApp('panel-gateway');
    const unackedAtRestart = fleet.unackedCount;
    await env.stack.startApp('panel-gateway');
    await waitFor(() => fleet.readyCount === connections, 300_000, 'every panel back', 100);
    const reconnectSeconds = (performance.now() - restartStarted) / 1000;
    await waitFor(() => fleet.unackedCount === 0, 120_000, 'every event acked', 100);
    await waitFor(
      async () => (await env.portal.storedEventCount()) - storedBefore >= connections,
      120_000,
      'every event stored',
      500,
    ).catch(() => undefined);
    const stored = (await env.portal.storedEventCount()) - storedBefore;
    await fleet.stop();
    // The panels' sockets are closed first: the raw run needs as many again.
    const raw = await rawTcpConnections(connections);
    return {
      scenario: 'connections',
      parameters: { connections, heartbeatHoldSeconds: holdSeconds },
      metrics: [
        {
          name: 'gateway memory per connection',
          value: ((rssHeld - rssBefore) * 1024) / connections,
          unit: 'KB',
          raw: { name: 'plain Node TCP server, echo only', value: raw.kilobytesPerConnection },
          target: { kind: 'atMost', value: 20 },
        },
        {
          name: 'all panels connected (from none)',
          value: connectSeconds,
          unit: 's',
          raw: { name: 'plain TCP connects, same slices', value: raw.connectSeconds },
        },
        { name: 'gateway RSS holding them', value: rssHeld, unit: 'MB' },
        { name: `gateway CPU per ${holdSeconds} s of heartbeats`, value: heartbeatCpu, unit: 'CPU s' },
        { name: 'all panels back after a gateway restart', value: reconnectSeconds, unit: 's' },
        {
          name: `events lost over the restart (${unackedAtRestart} unacked at the stop)`,
          value: connections - stored,
          unit: 'events',
          target: { kind: 'atMost', value: 0 },
        },
      ],
      processes: [],
      notes: [],
    };
  } finally {
    await fleet.stop();
  }
}
