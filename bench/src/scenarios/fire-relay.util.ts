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

/** Each fire's relay pulse, ms after the fire was sent: the pulses since `switchesBefore`, in the fires' order. */
export function relayPulseLatencies(
  relay: Pick<RelaySimulator, 'switches'>,
  switchesBefore: number,
  fireSentAt: readonly number[],
): number[] {
  return relay.switches
    .slice(switchesBefore)
    .filter((change) => change.kind === 'relay')
    .slice(0, fireSentAt.length)
    .map((change, index) => change.at.getTime() - (performance.timeOrigin + fireSentAt[index]));
}

/**
 * Each fire's mail, ms after the fire was sent, by fire (its title in the mail's text): a fire whose
 * mail never came keeps NaN in its place (null in the results file; `arrived` leaves it out).
 */
export function mailLatenciesByFire(
  accepted: ReadonlyArray<{ at: number; text: string }>,
  titles: readonly string[],
  fireSentAt: readonly number[],
): number[] {
  const byFire = titles.map(() => Number.NaN);
  for (const mail of accepted) {
    const index = titles.findIndex((title) => mail.text.includes(title));
    if (index >= 0) byFire[index] = mail.at - fireSentAt[index];
  }
  return byFire;
}

/** The latencies of what arrived, without the NaN of what did not. */
export function arrived(latencies: readonly number[]): number[] {
  return latencies.filter((latency) => !Number.isNaN(latency));
}
