import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PUSH_DEVICES_PER_USER } from '@app/contracts';
import { PushDeviceEntity } from '@app/database';

/** A subscription to keep. */
export interface NewPushDevice {
  userId: string;
  /** The session that turns push on: ending it removes the device. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
}

/** push_devices as the API keeps them: one row per endpoint, at most PUSH_DEVICES_PER_USER per user. */
@Injectable()
export class PushDevicesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  ofUser(userId: string): Promise<PushDeviceEntity[]> {
    return this.dataSource.getRepository(PushDeviceEntity).find({ where: { userId }, order: { id: 'ASC' } });
  }

  one(userId: string, id: number): Promise<PushDeviceEntity | null> {
    return this.dataSource.getRepository(PushDeviceEntity).findOneBy({ id, userId });
  }

  /**
   * Keeps the subscription: the same endpoint again (a browser profile another user had signed in
   * to, or the same one renewing its keys) is that device, now this user's; the user's oldest
   * devices beyond the limit go. One transaction.
   */
  save(device: NewPushDevice): Promise<PushDeviceEntity> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, session_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, name = EXCLUDED.name, session_id = EXCLUDED.session_id,
           created_at = CASE WHEN push_devices.user_id = EXCLUDED.user_id THEN push_devices.created_at ELSE now() END,
           last_push_at = CASE WHEN push_devices.user_id = EXCLUDED.user_id THEN push_devices.last_push_at END
         RETURNING id`,
        [device.userId, device.endpoint, device.p256dh, device.auth, device.name, device.sessionId],
      );
      await manager.query(
        `DELETE FROM push_devices WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_devices WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [device.userId, PUSH_DEVICES_PER_USER],
      );
      return manager.getRepository(PushDeviceEntity).findOneByOrFail({ id: Number(row.id) });
    });
  }

  async remove(userId: string, id: number): Promise<boolean> {
    const result = await this.dataSource.getRepository(PushDeviceEntity).delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }
}
