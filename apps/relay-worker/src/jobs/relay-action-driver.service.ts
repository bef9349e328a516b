import { Injectable } from '@nestjs/common';
import { withTriggerDefaults, type RelayTrigger } from '@app/contracts';
import { RelayClient, RelayPasswordCipher } from '@app/relay-protocol';
import type { FirableRelayAction } from '../events/relay-actions.repository';
import { drivePlanOf } from './relay-drive-plan.util';

/** Drives an action's fire or fault settings on its board once (the board lock and readback included). */
@Injectable()
export class RelayActionDriver {
  constructor(
    private readonly client: RelayClient,
    private readonly cipher: RelayPasswordCipher,
  ) {}

  /** Rejects with a RelayError saying what the board did, or with the error that stopped it. */
  async drive(action: FirableRelayAction, trigger: RelayTrigger): Promise<void> {
    const { relay } = action;
    const settings = withTriggerDefaults(trigger === 'fault' ? action.onFault : action.onFire);
    await this.client.drive(
      { host: relay.host, port: relay.port, password: this.cipher.decrypt(relay.passwordEncrypted) },
      drivePlanOf(settings),
    );
  }
}
