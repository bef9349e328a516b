import { localCertificate, PushServiceStandIn, TestPushSubscriber, type LocalCertificate } from '@app/testing';
import { generateVAPIDKeys } from 'web-push';
import type { BenchPortalClient, BenchUser } from '../../bench/src/bench-portal.client';
import { pushEnvironment } from '../../bench/src/bench-stack';
import { alarmPushKey, readAlarmPush } from './chaos-counts.util';
import { escalationPushKey } from './escalation-counts.util';

/** The pushes the service accepted, decrypted and counted by what they are about. */
export interface ReceivedPushes {
  /** An event's push, by `hwaddr/seq/device id`. */
  byEvent: Map<string, number>;
  /** An escalation step's push, by `escalationKey` (alarm, step, device id). */
  byStep: Map<string, number>;
  /** Accepted pushes to no registered device, or whose body did not decrypt to an alarm push. */
  unreadable: number;
  /** Pushes the service refused (the VAPID signature did not verify). */
  refused: number;
}

/**
 * The run's push side: a push service on 127.0.0.1 (the tests' RFC 8030 stand-in, which checks each
 * push's VAPID signature) under a certificate the mailer trusts, the portal's VAPID key pair, and
 * the devices users turned push on for through the API, each with its own keys as a browser has.
 * It runs in the run's process, as the webhook receiver does: the run times nothing by it.
 */
export class PushDevices {
  private readonly vapid = generateVAPIDKeys();
  private certificate: LocalCertificate | undefined;
  private service: PushServiceStandIn | undefined;
  /** By endpoint path: the device's id in the portal, and the keys its pushes are encrypted for. */
  private readonly devices = new Map<string, { id: string; subscriber: TestPushSubscriber }>();

  async start(): Promise<void> {
    this.certificate = localCertificate();
    this.service = new PushServiceStandIn(this.certificate);
    await this.service.start();
  }

  /** What the apps need to push to this service: the VAPID pair, and loopback allowed and trusted. */
  get appEnv(): NodeJS.ProcessEnv {
    if (!this.certificate) throw new Error('the push service was never started');
    return pushEnvironment({ caFile: this.certificate.certFile, ...this.vapid });
  }

  /** Turns push on for a new device of the user, through the API as a browser does; answers its id. */
  async register(portal: BenchPortalClient, user: BenchUser, name: string): Promise<string> {
    if (!this.service) throw new Error('the push service was never started');
    const subscriber = new TestPushSubscriber();
    const path = `/push/chaos-${this.devices.size + 1}`;
    const endpoint = this.service.endpoint(path.slice('/push/'.length));
    const id = await portal.addPushDevice(user, subscriber.subscription(endpoint), name);
    this.devices.set(path, { id: String(id), subscriber });
    return String(id);
  }

  /** The registered devices' ids: the recipients every alarm owes a push. */
  get deviceIds(): string[] {
    return [...this.devices.values()].map((device) => device.id);
  }

  /** Every push the service took, decrypted with its device's keys and counted by event or step, and device. */
  received(): ReceivedPushes {
    const counts: ReceivedPushes = { byEvent: new Map(), byStep: new Map(), unreadable: 0, refused: 0 };
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    for (const push of this.service?.received ?? []) {
      if (push.status !== 201) {
        counts.refused++;
        continue;
      }
      const device = this.devices.get(push.path);
      const facts = device ? this.read(device.subscriber, push.body) : undefined;
      const eventKey = facts && alarmPushKey(facts, device!.id);
      const stepKey = facts && escalationPushKey(facts, device!.id);
      if (eventKey) add(counts.byEvent, eventKey);
      else if (stepKey) add(counts.byStep, stepKey);
      else counts.unreadable++;
    }
    return counts;
  }

  private read(subscriber: TestPushSubscriber, body: Buffer) {
    try {
      return readAlarmPush(subscriber.decrypt(body));
    } catch {
      return undefined;
    }
  }

  async stop(): Promise<void> {
    await this.service?.stop();
    this.certificate?.remove();
  }
}
