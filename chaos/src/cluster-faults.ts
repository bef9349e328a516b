import type { BenchAppName } from '../../bench/src/bench-stack';
import { waitFor } from '../../bench/src/panel-fleet';
import { dropPanels, dropPostgres, killServer, recovery, type Fault, type FaultContext } from './chaos-faults';
import type { FaultOutcome } from './chaos-report.util';
import type { ClusterFaultName } from './chaos-options.util';
import { killGatewayCopy, killGatewayHoldingPanels } from './gateway-copy-faults';
import { killConsumerLeader, killEventsLeader, partitionNats, rollingRestart } from './nats-cluster-faults';

/** kill -9 of one copy of an app, then started again. */
function killCopy(name: BenchAppName, copy = 1): Fault {
  return async (context) => {
    await context.world.killApp(name, copy);
    context.world.restartApp(name, copy);
    return recovery(context, `kill -9 ${context.world.stack.label(name, copy)}`);
  };
}

/** How many live feed sockets a portal-api copy holds, by its ops port's /metrics (0 when it does not answer). */
async function liveSockets(port: number): Promise<number> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
    return Number(/^livefeed_sockets_open(?:{[^}]*})? (\d+)/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** kill -9 of the portal-api copy the live browser's socket goes to (the balancer chose it), then started again. */
async function killBrowsersPortalApi(context: FaultContext): Promise<FaultOutcome> {
  const { world } = context;
  const sockets = await Promise.all(world.stack.portalOpsPorts.map(liveSockets));
  const copy = Math.max(1, sockets.findIndex((count) => count > 0) + 1);
  const reconnects = world.browser.reconnects;
  const outcome = await killCopy('portal-api', copy)(context);
  await waitFor(() => world.browser.connected, context.settleMs, 'the live browser connected again', 100).catch(
    (error: Error) => world.log(`kill-portal-api: ${error.message}`),
  );
  const moved = world.browser.reconnects - reconnects;
  outcome.detail = `${sockets[copy - 1] > 0 ? 'serving the live browser' : 'no copy served the live browser'}; it reconnected ${moved} time(s)`;
  return outcome;
}

/** The faults of a cluster run (three NATS servers, two copies of every app). */
export const CLUSTER_FAULTS: Record<ClusterFaultName, Fault> = {
  'kill-nats-events-leader': killEventsLeader,
  'kill-nats-consumer-leader': killConsumerLeader,
  'partition-nats': partitionNats,
  'rolling-restart-nats': rollingRestart,
  'kill-portal-api': killBrowsersPortalApi,
  'kill-panel-gateway': (context) => killGatewayCopy(context, 1),
  'kill-relay-worker': killCopy('relay-worker'),
  'kill-mailer': killCopy('mailer'),
  'kill-gateway-holding-panels': killGatewayHoldingPanels,
  'kill-redis': killServer('redis'),
  'kill-postgres': killServer('postgres'),
  'drop-postgres': dropPostgres,
  'drop-panels': dropPanels,
};
