import { generateDeviceKeyPair, PanelLinkClient } from '@app/panel-protocol';
import { firstCopyOf, type ReceivedCommand } from './fleet-cluster.util';
import { benchHwaddr, waitFor } from './panel-fleet';

/** What the bench asks a fleet worker; each request carries an id its reply repeats. */
export type FleetRequest =
  | { op: 'create'; first: number; count: number; family: number; ports: number[] }
  /** Starts the panels not started yet, up to `share` (0 to 1) of the worker's, in slices. */
  | { op: 'connect'; slice: number; timeoutMs: number; share: number }
  | { op: 'status' }
  | { op: 'move'; hwaddrs: string[]; toPort: number; timeoutMs: number }
  | { op: 'commands' }
  | { op: 'stop' };

export interface FleetStatus {
  ready: number;
  /** Ready panels by the gateway port they are connected to. */
  byPort: Record<number, number>;
}

export interface MoveOutcome {
  hwaddr: string;
  /** The panel proved itself on the new copy. */
  ready: boolean;
  /** The old copy's reason when it closed the old connection ('' when it did not). */
  oldCloseReason: string;
}

export type FleetReply =
  | { op: 'created'; identities: Array<[hwaddr: string, publicKey: string]> }
  | { op: 'connected'; ready: number }
  | { op: 'status'; status: FleetStatus }
  | { op: 'moved'; outcomes: MoveOutcome[] }
  | { op: 'commands'; received: ReceivedCommand[] }
  | { op: 'stopped' };

interface WorkerPanel {
  client: PanelLinkClient;
  secret: string;
}

/**
 * One client process of a large panel fleet (this program started with `panel-fleet-worker`): holds
 * its slice of the panels, each a PanelLinkClient on the real protocol, and answers the bench over
 * IPC. Each panel records the commands it receives with the gateway port of its connection.
 */
export function runPanelFleetWorker(): void {
  const panels: WorkerPanel[] = [];
  const byHwaddr = new Map<string, number>();
  let ports: number[] = [];
  let received: ReceivedCommand[] = [];
  let started = 0;

  const newClient = (hwaddr: string, secret: string, firstPort: number): PanelLinkClient => {
    const order = [...ports.slice(ports.indexOf(firstPort)), ...ports.slice(0, ports.indexOf(firstPort))];
    const client: PanelLinkClient = new PanelLinkClient({
      host: '127.0.0.1',
      port: order[0],
      otherGateways: order.slice(1).map((port) => ({ host: '127.0.0.1', port })),
      adminKey: '1234',
      deviceSecret: secret,
      hello: { hwaddr, panelType: 'SMARTLOOP_MK2', firmware: '4.2.0', networkIds: [1], cloudControl: true },
      onCommand: (command) => {
        received.push({ correlationId: command.correlationId, hwaddr, port: client.gateway.port });
        return { ok: true };
      },
      reconnectDelayMs: { min: 200, max: 2000 },
    });
    return client;
  };

  const status = (): FleetStatus => {
    const byPort: Record<number, number> = {};
    let ready = 0;
    for (const { client } of panels) {
      if (!client.isReady) continue;
      ready++;
      byPort[client.gateway.port] = (byPort[client.gateway.port] ?? 0) + 1;
    }
    return { ready, byPort };
  };

  /** Opens a second connection of each panel to another copy while the first is still open, as a panel whose link went dead without the old copy knowing. */
  const move = async (hwaddrs: string[], toPort: number, timeoutMs: number): Promise<MoveOutcome[]> => {
    const moves = hwaddrs.map((hwaddr) => {
      const panel = panels[byHwaddr.get(hwaddr)!];
      const old = panel.client;
      const outcome: MoveOutcome = { hwaddr, ready: false, oldCloseReason: '' };
      // The old end must not come back: once the old copy closes it, it stays closed.
      old.once('close', (reason: string) => {
        outcome.oldCloseReason = reason;
        void old.stop();
      });
      const oldClosed = new Promise<void>((resolve) => old.once('disconnected', () => resolve()));
      panel.client = newClient(hwaddr, panel.secret, toPort);
      panel.client.once('ready', () => (outcome.ready = true));
      panel.client.start();
      return { outcome, oldClosed };
    });
    await waitFor(() => moves.every((one) => one.outcome.ready), timeoutMs, 'moved panels ready').catch(
      () => undefined,
    );
    await Promise.race([
      Promise.all(moves.map((one) => one.oldClosed)),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
    return moves.map((one) => one.outcome);
  };

  const handle = async (request: FleetRequest): Promise<FleetReply> => {
    switch (request.op) {
      case 'create': {
        ports = request.ports;
        const identities: Array<[string, string]> = [];
        for (let index = request.first; index < request.first + request.count; index++) {
          const hwaddr = benchHwaddr(index, request.family);
          const { secret, publicKey } = generateDeviceKeyPair();
          byHwaddr.set(hwaddr, panels.length);
          panels.push({ client: newClient(hwaddr, secret, ports[firstCopyOf(index, ports.length)]), secret });
          identities.push([hwaddr, publicKey]);
        }
        return { op: 'created', identities };
      }
      case 'connect': {
        const upTo = Math.min(panels.length, Math.ceil(panels.length * request.share));
        for (; started < upTo; started += request.slice) {
          const slice = panels.slice(started, Math.min(upTo, started + request.slice));
          for (const { client } of slice) client.start();
          await waitFor(
            () => slice.every(({ client }) => client.isReady),
            request.timeoutMs,
            'a slice of panels ready',
          );
        }
        started = upTo;
        return { op: 'connected', ready: status().ready };
      }
      case 'status':
        return { op: 'status', status: status() };
      case 'move':
        return { op: 'moved', outcomes: await move(request.hwaddrs, request.toPort, request.timeoutMs) };
      case 'commands': {
        const taken = received;
        received = [];
        return { op: 'commands', received: taken };
      }
      case 'stop':
        await Promise.all(panels.map(({ client }) => client.stop()));
        return { op: 'stopped' };
    }
  };

  process.on('message', (message: { id: number; request: FleetRequest }) => {
    handle(message.request).then(
      (reply) => process.send!({ id: message.id, reply }),
      (error: unknown) => process.send!({ id: message.id, error: (error as Error).message }),
    );
  });
  // The bench gone (it ended or failed): nothing is left to hold the panels for.
  process.on('disconnect', () => process.exit(0));
}
