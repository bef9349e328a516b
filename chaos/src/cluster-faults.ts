import type { BenchAppName } from '../../bench/src/bench-stack';
import { dropPanels, dropPostgres, killServer, recovery, type Fault } from './chaos-faults';
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

/** The faults of a cluster run (three NATS servers, two copies of every app). */
export const CLUSTER_FAULTS: Record<ClusterFaultName, Fault> = {
  'kill-nats-events-leader': killEventsLeader,
  'kill-nats-consumer-leader': killConsumerLeader,
  'partition-nats': partitionNats,
  'rolling-restart-nats': rollingRestart,
  'kill-portal-api': killCopy('portal-api'),
  'kill-panel-gateway': (context) => killGatewayCopy(context, 1),
  'kill-relay-worker': killCopy('relay-worker'),
  'kill-mailer': killCopy('mailer'),
  'kill-gateway-holding-panels': killGatewayHoldingPanels,
  'kill-redis': killServer('redis'),
  'kill-postgres': killServer('postgres'),
  'drop-postgres': dropPostgres,
  'drop-panels': dropPanels,
};
