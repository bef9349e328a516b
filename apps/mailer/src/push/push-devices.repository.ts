import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { claimGrantsAccess, pushDevicesOfSite, type PushDeviceOfSite } from '@app/database';

/** A device push is on for, with what a push to it needs: its subscription, and the site as its user names it. */
export interface PushTarget {
  deviceId: number;
  /** As the browser named itself. */
  name: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The user's nickname for the site ('' when none). */
  nickname: string;
}

const TARGET_COLUMNS = `d.id AS "deviceId", d.name, d.user_id AS "userId", d.endpoint, d.p256dh, d.auth, c.nickname`;

/**
 * The devices an alarm is pushed to: every device of every user whose claim on the site grants
 * access (turning push on for a device is the user's choice to be alerted there).
 */
@Injectable()
export class PushDevices {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** `quiet`: leave out the devices of users in their quiet hours now (a fault's; never a fire's). */
  ofSite(hwaddr: string, quiet = false): Promise<PushDeviceOfSite[]> {
    return pushDevicesOfSite(this.dataSource, hwaddr, quiet);
  }

  /** The device, if it still exists and its user still has access to the site: checked again just before a push. */
  async forSite(deviceId: number, hwaddr: string): Promise<PushTarget | null> {
    const [found] = await this.dataSource.query<PushTarget[]>(
      `SELECT ${TARGET_COLUMNS} FROM push_devices d
       JOIN claims c ON c.user_id = d.user_id AND c.hwaddr = $2 AND ${claimGrantsAccess('c')}
       WHERE d.id = $1`,
      [deviceId, hwaddr],
    );
    return found ?? null;
  }

  /** Every device of these users (those an escalation step reaches), in `manager`'s transaction. */
  ofUsers(
    userIds: readonly string[],
    manager: Pick<EntityManager, 'query'> = this.dataSource,
  ): Promise<Array<{ deviceId: number; name: string; userId: string }>> {
    return manager.query(
      `SELECT d.id::int AS "deviceId", d.name, d.user_id AS "userId" FROM push_devices d
       WHERE d.user_id = ANY($1::uuid[]) ORDER BY d.id`,
      [userIds],
    );
  }

  /** A device of its user, whatever the site (a test push). */
  async ofUser(deviceId: number, userId: string): Promise<PushTarget | null> {
    const [found] = await this.dataSource.query<PushTarget[]>(
      `SELECT d.id AS "deviceId", d.name, d.user_id AS "userId", d.endpoint, d.p256dh, d.auth, '' AS nickname
       FROM push_devices d WHERE d.id = $1 AND d.user_id = $2`,
      [deviceId, userId],
    );
    return found ?? null;
  }

  async pushed(deviceId: number, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE push_devices SET last_push_at = $2 WHERE id = $1`, [deviceId, at]);
  }

  /** Its push service no longer knows it: removed (unless the browser registered a new subscription under it since). */
  async remove(deviceId: number, endpoint: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM push_devices WHERE id = $1 AND endpoint = $2`, [deviceId, endpoint]);
  }
}
