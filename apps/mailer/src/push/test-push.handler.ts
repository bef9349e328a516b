import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { PRODUCT_NAME, type TestPushMessage, type TestPushJob } from '@app/contracts';
import { JobHandler } from '@app/messaging';
import { PushDevices } from './push-devices.repository';
import { PushSender } from './push-sender.service';

/** The test push's words. */
export const TEST_PUSH: Omit<TestPushMessage, 'type'> = {
  title: PRODUCT_NAME,
  body: 'Alerts are on for this device: fires and faults of your sites will show here.',
  path: '/account',
};

/** Sends a test push a user asked for from My Account; not an alarm, so not recorded. A gone device is removed. */
@Injectable()
export class TestPushHandler {
  private readonly logger = new Logger(TestPushHandler.name);

  constructor(
    private readonly devices: PushDevices,
    private readonly sender: PushSender,
  ) {}

  @JobHandler('push', 'test-push')
  async handle(data: TestPushJob): Promise<void> {
    const target = await this.devices.ofUser(data.deviceId, data.userId);
    if (!target) return;
    const outcome = await this.sender.send(target, { type: 'test', ...TEST_PUSH }, false);
    if (outcome.outcome === 'accepted') {
      this.logger.log({ deviceId: data.deviceId }, 'test push sent');
      return;
    }
    if (outcome.outcome === 'gone') {
      await this.devices.remove(data.deviceId, target.endpoint);
      this.logger.warn({ deviceId: data.deviceId, reason: outcome.reason }, 'push subscription gone: device removed');
      return;
    }
    this.logger.warn({ deviceId: data.deviceId, reason: outcome.reason }, 'test push not sent');
    if (outcome.outcome === 'rejected') throw new UnrecoverableError(outcome.reason);
    throw new Error(outcome.reason);
  }
}
