import { hostname } from 'node:os';
import { gatewayCopyName } from '@app/contracts';
import type { Metric, ScenarioResult } from '../bench-results.types';
import { NATS_URL } from '../bench-stack';
import { readConnectionRecords } from '../connection-registry';
import {
  commandRouting,
  fleetSlices,
  kilobytesPerConnection,
  moveTargetOf,
  prometheusValue,
  randomSample,
  seededRandom,
  type CommandRouting,
  type SentCommand,
} from '../fleet-cluster.util';
import { FleetWorkers } from '../fleet-workers';
import { summarizeLatencies } from '../latency-stats.util';
import { waitFor } from '../panel-fleet';
import { ProcessWatch, readRssMegabytes } from '../process-usage.util';
import type { BenchEnvironment } from './bench-environment.types';

/** Gateway copies the panels are spread over. */
const GATEWAY_COPIES = 3;
/** Panels per client process: under the open-files limit (20,000 here) with room for the rest. */
const PANELS_PER_PROCESS = 12_500;
/** Panels sent a command through portal-api, and panels moved to another copy. */
const COMMAND_SAMPLE = 300;
const MOVE_SAMPLE = 150;
const PER_CONNECTION_TARGET_KB = 10;

interface GatewayCopy {
  copy: number;
  port: number;
  pid: number;
  opsPort: number;
  /** Its GATEWAY_ID: it holds panels under this name and a suffix of its start. */
  name: string;
}

/** The copy's own figures from its /metrics: panels past the key proof and V8's heap in use. */
async function gatewayGauges(copy: GatewayCopy): Promise<{ proven: number; heapBytes: number }> {
  const text = await (await fetch(`http://127.0.0.1:${copy.opsPort}/metrics`)).text();
  return {
    proven: prometheusValue(text, 'panel_gateway_connected_panels'),
    heapBytes: prometheusValue(text, 'nodejs_heap_size_used_bytes'),
  };
}

/**
 * `connections` panels over three gateway copies, the fleet split over client processes (this
 * program started again as `panel-fleet-worker`, each under the open-files limit): all connected
 * and proven, memory per connection of each copy, commands to random panels through portal-api
 * (each must reach its panel on the copy the connection registry names), then panels moved to
 * another copy while their old connection is still open (each old one must be evicted, the
 * registry must name the new copy, and a command must reach the panel there).
 */
export async function connectionsClusterScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { connections } = env.options;
  const copies: GatewayCopy[] = [];
  const copyNumbers = [1];
  for (let extra = 1; extra < GATEWAY_COPIES; extra++)
    copyNumbers.push(await env.stack.startExtraCopy('panel-gateway'));
  for (const copy of copyNumbers) {
    const pid = env.stack.pid('panel-gateway', copy);
    copies.push({
      copy,
      pid,
      port: env.stack.panelPorts[copy - 1],
      opsPort: env.stack.app('panel-gateway', copy).opsPort,
      // The gateway's own default (GATEWAY_ID unset): this host and its pid.
      name: `${hostname()}-${pid}`,
    });
  }
  const ports = copies.map((copy) => copy.port);
  const slices = fleetSlices(connections, PANELS_PER_PROCESS, 2);
  const fleet = new FleetWorkers(slices);
  const watches = [
    ...copies.map((copy) => ProcessWatch.of(`panel-gateway copy ${copy.copy}`, copy.pid)),
    new ProcessWatch(`panel fleet (${slices.length} processes)`, () => fleet.pids),
    ProcessWatch.of('portal-api', env.stack.pid('portal-api')),
  ];
  try {
    const provisionStarted = performance.now();
    const hwaddrs = await fleet.create(0xc1, ports, env.portal.db);
    const provisionSeconds = (performance.now() - provisionStarted) / 1000;
    env.log(`connections-cluster: ${hwaddrs.length} panels provisioned in ${provisionSeconds.toFixed(1)} s`);

    const before = await Promise.all(
      copies.map(async (copy) => ({ rssMb: readRssMegabytes(copy.pid), ...(await gatewayGauges(copy)) })),
    );
    const connectStarted = performance.now();
    // Half first, measured, then the rest: the second half's cost is what a connection adds to a
    // copy already warm (its young generation grown, its code compiled), beside the cost from a fresh copy.
    const connectShare = async (share: number) => {
      const ready = await fleet.connect(600_000, share);
      await waitFor(
        async () => (await Promise.all(copies.map(gatewayGauges))).reduce((sum, g) => sum + g.proven, 0) >= ready,
        120_000,
        'every ready panel proven on a gateway copy',
        500,
      ).catch(() => undefined);
      return ready;
    };
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      return Promise.all(
        copies.map(async (copy) => ({ rssMb: readRssMegabytes(copy.pid), ...(await gatewayGauges(copy)) })),
      );
    };
    await connectShare(0.5);
    const connectHalfSeconds = (performance.now() - connectStarted) / 1000;
    const half = await settled();
    const restStarted = performance.now();
    const ready = await connectShare(1);
    const connectSeconds = connectHalfSeconds + (performance.now() - restStarted) / 1000;
    env.log(`connections-cluster: ${ready} panels ready in ${connectSeconds.toFixed(1)} s`);
    const held = await settled();
    const proven = held.reduce((sum, copy) => sum + copy.proven, 0);

    const random = seededRandom(connections);
    const picked = randomSample(hwaddrs.length, COMMAND_SAMPLE + MOVE_SAMPLE, random).map((index) => hwaddrs[index]);
    const commandPanels = picked.slice(0, COMMAND_SAMPLE);
    const movePanels = picked.slice(COMMAND_SAMPLE);
    const user = await env.portal.registerUser('cluster');
    await env.portal.claim(user, picked);
    const token = await env.portal.claimsToken(user);
    const portOfGateway = new Map(copies.map((copy) => [copy.name, copy.port]));

    /** Sends syncClock to each panel through portal-api, where the registry says it is held. */
    const sendCommands = async (targets: string[], tag: string) => {
      const records = await readConnectionRecords(NATS_URL, env.stack.natsPrefix, targets);
      const sent: SentCommand[] = [];
      const latencies: number[] = [];
      let failed = 0;
      for (let start = 0; start < targets.length; start += 10) {
        await Promise.all(
          targets.slice(start, start + 10).map(async (hwaddr, offset) => {
            const correlationId = `bench-${tag}-${start + offset}-${hwaddr}`;
            sent.push({
              correlationId,
              hwaddr,
              port: portOfGateway.get(gatewayCopyName(records.get(hwaddr)?.gatewayId ?? '')) ?? 0,
            });
            const started = performance.now();
            const response = await fetch(`http://127.0.0.1:${env.portal.port}/api/v2/sites/${hwaddr}/panel/1/clock`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'x-correlation-id': correlationId },
            });
            if (!response.ok) {
              failed++;
              env.log(
                `connections-cluster: command to ${hwaddr} answered ${response.status}: ${await response.text()}`,
              );
            } else latencies.push(performance.now() - started);
          }),
        );
      }
      const routing = commandRouting(sent, await fleet.receivedCommands());
      return { routing, failed, p99: summarizeLatencies(latencies).p99 };
    };
    const commands = await sendCommands(commandPanels, 'cmd');

    // Moves: each group of panels to the next copy round, all groups at once.
    const recordsBefore = await readConnectionRecords(NATS_URL, env.stack.natsPrefix, movePanels);
    const copyOfGateway = new Map(copies.map((copy, index) => [copy.name, index]));
    const gaugesBefore = await Promise.all(copies.map(gatewayGauges));
    const groups = copies.map(() => [] as string[]);
    for (const hwaddr of movePanels) {
      const from = copyOfGateway.get(gatewayCopyName(recordsBefore.get(hwaddr)?.gatewayId ?? ''));
      if (from !== undefined) groups[from].push(hwaddr);
    }
    const outcomes = (
      await Promise.all(
        groups.map((group, from) => fleet.move(group, copies[moveTargetOf(from, copies.length)].port, 60_000)),
      )
    ).flat();
    const expectedGauge = copies.map(
      (_, index) =>
        gaugesBefore[index].proven - groups[index].length + groups[(index + copies.length - 1) % copies.length].length,
    );
    const gaugesSettled = await waitFor(
      async () => (await Promise.all(copies.map(gatewayGauges))).every((g, index) => g.proven === expectedGauge[index]),
      30_000,
      'each copy holding its panels after the moves',
      200,
    ).then(
      () => true,
      () => false,
    );
    const recordsAfter = await readConnectionRecords(NATS_URL, env.stack.natsPrefix, movePanels);
    const registryMoved = movePanels.filter((hwaddr) => {
      const from = copyOfGateway.get(gatewayCopyName(recordsBefore.get(hwaddr)?.gatewayId ?? ''));
      const after = recordsAfter.get(hwaddr);
      return (
        from !== undefined &&
        after?.connected === true &&
        gatewayCopyName(after.gatewayId) === copies[moveTargetOf(from, copies.length)].name &&
        after.connectionId !== recordsBefore.get(hwaddr)?.connectionId
      );
    }).length;
    const evicted = outcomes.filter((outcome) => outcome.ready && outcome.oldCloseReason.startsWith('evicted')).length;
    const afterMove = await sendCommands(movePanels, 'moved');

    const routed = (routing: CommandRouting) =>
      `${routing.wrongPanel} to another panel, ${routing.wrongCopy} through another copy, ${routing.missing} missing, ${routing.repeated} repeated`;
    const metrics: Metric[] = [
      {
        name: `panels connected and proven over ${copies.length} gateway copies (${slices.length} client processes)`,
        value: proven,
        unit: 'panels',
        target: { kind: 'atLeast', value: connections },
      },
      { name: 'all panels connected and proven, from none (in two halves)', value: connectSeconds, unit: 's' },
      { name: `${connections} panels provisioned in the registry`, value: provisionSeconds, unit: 's' },
      ...copies.flatMap((copy, index): Metric[] => [
        {
          name: `copy ${index + 1}: memory per connection (RSS from the fresh copy to ${held[index].proven} panels)`,
          value: kilobytesPerConnection(
            before[index].rssMb * 2 ** 20,
            held[index].rssMb * 2 ** 20,
            held[index].proven - before[index].proven,
          ),
          unit: 'KB',
          target: { kind: 'atMost', value: PER_CONNECTION_TARGET_KB },
        },
        {
          name: `copy ${index + 1}: memory per connection added to a warm copy (RSS, its second ${held[index].proven - half[index].proven})`,
          value: kilobytesPerConnection(
            half[index].rssMb * 2 ** 20,
            held[index].rssMb * 2 ** 20,
            held[index].proven - half[index].proven,
          ),
          unit: 'KB',
        },
        {
          name: `copy ${index + 1}: V8 heap in use per connection (garbage not yet collected included)`,
          value: kilobytesPerConnection(
            before[index].heapBytes,
            held[index].heapBytes,
            held[index].proven - before[index].proven,
          ),
          unit: 'KB',
        },
        { name: `copy ${index + 1}: RSS holding them`, value: held[index].rssMb, unit: 'MB' },
      ]),
      {
        name: `commands through portal-api reaching their panel on the right copy (${routed(commands.routing)}, ${commands.failed} failed)`,
        value: commands.routing.right,
        unit: 'commands',
        target: { kind: 'atLeast', value: commandPanels.length },
      },
      { name: 'command round trip p99 (portal-api → panel → portal-api)', value: commands.p99, unit: 'ms' },
      {
        name: `moved panels whose old connection was evicted (${outcomes.filter((o) => o.ready).length} ready on the new copy)`,
        value: evicted,
        unit: 'panels',
        target: { kind: 'atLeast', value: movePanels.length },
      },
      {
        name: `moved panels the registry names on their new copy (copies' counts ${gaugesSettled ? 'as expected' : 'NOT as expected'})`,
        value: gaugesSettled ? registryMoved : 0,
        unit: 'panels',
        target: { kind: 'atLeast', value: movePanels.length },
      },
      {
        name: `commands to moved panels reaching them on the new copy (${routed(afterMove.routing)}, ${afterMove.failed} failed)`,
        value: afterMove.routing.right,
        unit: 'commands',
        target: { kind: 'atLeast', value: movePanels.length },
      },
    ];
    return {
      scenario: 'connections-cluster',
      parameters: {
        connections,
        gatewayCopies: copies.length,
        clientProcesses: slices.length,
        commandSample: commandPanels.length,
        moveSample: movePanels.length,
      },
      metrics,
      processes: watches.splice(0).map((watch) => watch.stop()),
      notes: [`panels per copy: ${held.map((copy) => copy.proven).join(', ')}`],
    };
  } finally {
    for (const watch of watches) watch.stop();
    await fleet.stop();
    for (const copy of copyNumbers.slice(1)) await env.stack.stopApp('panel-gateway', copy);
  }
}
