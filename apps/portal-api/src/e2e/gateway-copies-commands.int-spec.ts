import { provisionTestPanel } from '@app/database/testing';
import { waitUntil } from '@app/testing';
import type { StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { connectClient } from '../../../panel-gateway/src/testing/test-panels.util';
import { SessionRegistry } from '../../../panel-gateway/src/sessions/session-registry.service';
import {
  heldBy,
  multiAddressPanel,
  ownerOf,
  pressMute,
  startPortalWithGatewayCopies,
  type PortalWithGatewayCopies,
} from './gateway-copies-harness';
import { uniqueHwaddr } from './portal-panel-harness';

/** Keeps the command lines of a simulated panel's log. */
function commandLog(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => (line.includes(': command ') ? lines.push(line) : undefined) };
}

// Every test makes its own users and panels, so each runs alone and in any order.
describe("portal-api's commands with two gateway copies (real PostgreSQL, NATS, Redis)", () => {
  let world: PortalWithGatewayCopies;
  let a: StartedGateway;
  let b: StartedGateway;

  beforeAll(async () => {
    world = await startPortalWithGatewayCopies(['gateway-a', 'gateway-b']);
    [a, b] = world.gateways;
  }, 60_000);

  afterAll(() => world?.close());

  it('reach the panel through whichever copy holds it, before and right after it moves', async () => {
    const hwaddr = uniqueHwaddr();
    const commands = commandLog();
    const panel = await world.panel(hwaddr, [a.port, b.port], commands.log);
    panel.start();
    await heldBy(a.nats, hwaddr, 'gateway-a');
    const token = await ownerOf(world.portal, hwaddr, 'Bob');
    await pressMute(world.portal, token, hwaddr).expect(200);
    expect(commands.lines).toHaveLength(1);

    // The panel's link to A ends; it connects to B, its next address.
    await panel.stop();
    panel.start();
    await heldBy(a.nats, hwaddr, 'gateway-b');
    expect(panel.link.gateway.port).toBe(b.port);
    // At once, and again: B delivers each one. A, which holds the panel no more, answers none (were
    // it still subscribed, its own 'not connected' would come first and the API would answer 409).
    for (let press = 0; press < 3; press++) await pressMute(world.portal, token, hwaddr).expect(200);
    expect(commands.lines).toHaveLength(4);
    expect(a.app.get(SessionRegistry).get(hwaddr)).toBeUndefined();
  });

  it('reach the panel through copy B once it evicted its connection on copy A, and never the old connection', async () => {
    const hwaddr = uniqueHwaddr();
    const deviceSecret = await provisionTestPanel(world.portal.environment.database.dataSource, hwaddr);
    // The panel's connection to A stays open on A's side (a link gone dead without A knowing) and
    // would answer any command A still sent it.
    const answeredOnA: string[] = [];
    const old = await connectClient(a, {
      hwaddr,
      deviceSecret,
      reconnect: false,
      onCommand: (command) => {
        answeredOnA.push(command.kind);
        return { ok: true };
      },
    });
    await heldBy(a.nats, hwaddr, 'gateway-a');
    const token = await ownerOf(world.portal, hwaddr, 'Dave');
    await pressMute(world.portal, token, hwaddr).expect(200);
    expect(answeredOnA).toEqual(['button']);

    const commands = commandLog();
    const moved = multiAddressPanel(hwaddr, deviceSecret, [b.port, a.port], commands.log);
    world.panels.push(moved);
    moved.start();
    await heldBy(a.nats, hwaddr, 'gateway-b');
    await waitUntil(() => !old.isReady, 'copy A to close the old connection', 30_000);
    for (let press = 0; press < 3; press++) await pressMute(world.portal, token, hwaddr).expect(200);
    expect(commands.lines).toHaveLength(3);
    expect(answeredOnA).toEqual(['button']);
  });
});
