import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import type { BenchPortalClient, BenchUser } from '../bench-portal.client';

const RELAY_PASSWORD = 'BenchRelayPassword0123456789abcd';
const NO_ACTION = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/**
 * A relay board (the relay simulator) that the user's relay pulses on each fire of the panel `hwaddr`:
 * the relay added through the API with an action pulsing relay 1 on fire, nothing on fault.
 */
export async function relayPulsedOnFire(
  portal: BenchPortalClient,
  user: BenchUser,
  hwaddr: string,
): Promise<RelaySimulator> {
  const relay = new RelaySimulator({ password: RELAY_PASSWORD });
  await relay.start();
  try {
    const created = await portal.api<{ id: number }>('POST', '/relays/_new', user.session, {
      host: '127.0.0.1',
      port: relay.port,
      password: RELAY_PASSWORD,
      name: 'Bench relay',
    });
    await portal.api('POST', `/relays/${created.id}/actions`, user.session, {
      action: { hwaddr, on_fire: { ...NO_ACTION, relay_1: 1 }, on_fault: NO_ACTION },
    });
    return relay;
  } catch (error) {
    await relay.stop();
    throw error;
  }
}
