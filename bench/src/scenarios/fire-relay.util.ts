import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import type { PushArrival } from '../push-sink';
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

/** What the webhook receiver noted of one request: whether it verified, its body, its wall-clock receive time. */
export interface WebhookArrival {
  verified: boolean;
  payload: { type: string; data: Record<string, unknown> } | null;
  /** Date.now() when the receiver had read and checked it. */
  receivedAt: number;
}

/**
 * Each fire's webhook, ms after the fire was sent, by fire (its title in the message's data): only
 * a verified 'alarm.fire' message counts, the first of a repeat; a fire without one keeps NaN (lost).
 * The receiver's wall-clock time is put on the fires' clock through `performance.timeOrigin`, as
 * the relay pulse's is.
 */
export function webhookLatenciesByFire(
  received: readonly WebhookArrival[],
  titles: readonly string[],
  fireSentAt: readonly number[],
): number[] {
  const byFire = titles.map(() => Number.NaN);
  for (const message of received) {
    if (!message.verified || message.payload?.type !== 'alarm.fire') continue;
    const index = titles.indexOf(String(message.payload.data.title));
    if (index >= 0 && Number.isNaN(byFire[index]))
      byFire[index] = message.receivedAt - (performance.timeOrigin + fireSentAt[index]);
  }
  return byFire;
}

/** The latencies of what arrived, without the NaN of what did not. */
export function arrived(latencies: readonly number[]): number[] {
  return latencies.filter((latency) => !Number.isNaN(latency));
}

/**
 * Fire → push received at the push service, per fire (NaN for a fire none came for): each signed
 * push to the device's endpoint decrypted with the device's keys (after the run, off the clock) and
 * matched by the fire's title in its text.
 */
export function pushLatenciesByFire(
  received: readonly PushArrival[],
  device: { path: string; decrypt(body: Buffer): string },
  titles: readonly string[],
  fireSentAt: readonly number[],
): number[] {
  const byFire = titles.map(() => Number.NaN);
  for (const push of received) {
    if (push.path !== device.path || !push.signed) continue;
    const message = JSON.parse(device.decrypt(Buffer.from(push.body, 'base64'))) as { type?: string; body?: string };
    if (message.type !== 'alarm') continue;
    const index = titles.findIndex((title) => message.body?.startsWith(`${title} `));
    if (index >= 0 && Number.isNaN(byFire[index]))
      byFire[index] = push.receivedAt - (performance.timeOrigin + fireSentAt[index]);
  }
  return byFire;
}
