import { Injectable, Logger } from '@nestjs/common';
import { PUSH_MESSAGES, type PushDeviceDto, type PushDeviceRequest, type PushSettingsResponse } from '@app/contracts';
import type { PushDeviceEntity } from '@app/database';
import { enqueuePushes, QueueService, testPushJob } from '@app/messaging';
import { Clock, DomainError } from '@app/platform';
import { PushConfig } from './push.config';
import { PushDevicesRepository } from './push-devices.repository';
import { PushEndpointPolicy } from './push-endpoint.policy';

/**
 * A user's devices for alarm pushes (docs/push.md): the key a browser subscribes with, the
 * subscriptions kept, removed, and a test push sent (by the mailer, which sends every push).
 */
@Injectable()
export class PushDevices {
  private readonly logger = new Logger(PushDevices.name);

  constructor(
    private readonly config: PushConfig,
    private readonly devices: PushDevicesRepository,
    private readonly policy: PushEndpointPolicy,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  async settings(userId: string): Promise<PushSettingsResponse> {
    return { publicKey: this.config.publicKey, devices: (await this.devices.ofUser(userId)).map(toDto) };
  }

  async add(userId: string, sessionId: string, request: PushDeviceRequest): Promise<PushDeviceDto> {
    this.requireSetUp();
    const endpoint = await this.policy.check({ endpoint: request.endpoint, ...request.keys });
    const saved = await this.devices.save({
      userId,
      sessionId,
      endpoint,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      name: request.name.trim(),
    });
    this.logger.log({ deviceId: saved.id, service: new URL(endpoint).origin }, 'push turned on for a device');
    return toDto(saved);
  }

  async remove(userId: string, id: number): Promise<void> {
    if (!(await this.devices.remove(userId, id))) throw notFound();
    this.logger.log({ deviceId: id }, 'push turned off for a device');
  }

  async test(userId: string, id: number): Promise<void> {
    this.requireSetUp();
    if (!(await this.devices.one(userId, id))) throw notFound();
    await enqueuePushes(this.queues, [
      testPushJob({ deviceId: id, userId, requestedAt: this.clock.now().toISOString() }),
    ]);
  }

  private requireSetUp(): void {
    if (this.config.publicKey === null) throw new DomainError('conflict', PUSH_MESSAGES.notConfigured);
  }
}

function notFound(): DomainError {
  return new DomainError('not-found', PUSH_MESSAGES.deviceNotFound);
}

function toDto(device: PushDeviceEntity): PushDeviceDto {
  return {
    id: device.id,
    name: device.name,
    service: new URL(device.endpoint).origin,
    createdAt: device.createdAt.toISOString(),
    lastPushAt: device.lastPushAt?.toISOString() ?? null,
  };
}
