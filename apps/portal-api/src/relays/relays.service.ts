import { Injectable } from '@nestjs/common';
import type { RelayActionRunDto, RelayDto, RelayStatus } from '@app/contracts';
import { RELAY_DEFAULT_PORT, RELAY_RUNS_LISTED, withTriggerDefaults } from '@app/contracts';
import type { RelayActionRequestDto, RelayCreateDto, RelayTestDto, RelayUpdateDto } from '@app/api-dto';
import type { RelayEntity } from '@app/database';
import { DomainError } from '@app/platform';
import { RelayError, RelayPasswordCipher, RelayTargetPolicy } from '@app/relay-protocol';
import { AuthedPanelsRepository } from '../panel-access/authed-panels.repository';
import { assertMayAddAction, editableAction, RELAY_ACTION_NOT_FOUND } from './relay-actions.policy';
import { relayActionRunDto, relayDto } from './relay-dto.util';
import { RelayVerifyService } from './relay-verify.service';
import { RelaysRepository } from './relays.repository';

export const RELAY_NOT_FOUND = 'Relay not found';

/** The relays API of one user (spec 2.8, 2.9, 7): another user's relay is simply not found. */
@Injectable()
export class RelaysService {
  constructor(
    private readonly relays: RelaysRepository,
    private readonly cipher: RelayPasswordCipher,
    private readonly policy: RelayTargetPolicy,
    private readonly verifier: RelayVerifyService,
    private readonly authedPanels: AuthedPanelsRepository,
  ) {}

  async list(userId: string): Promise<RelayDto[]> {
    return (await this.relays.listOf(userId)).map(relayDto);
  }

  async create(userId: string, body: RelayCreateDto): Promise<RelayDto> {
    await this.checkTarget(body.host);
    const relay = await this.relays.create({
      userId,
      host: body.host,
      name: body.name ?? '',
      port: body.port ?? RELAY_DEFAULT_PORT,
      passwordEncrypted: this.cipher.encrypt(body.password),
    });
    return relayDto({ ...relay, actions: [] });
  }

  async update(userId: string, relayId: number, body: RelayUpdateDto): Promise<RelayDto> {
    await this.owned(userId, relayId);
    await this.checkTarget(body.host);
    await this.relays.update(relayId, {
      host: body.host,
      name: body.name ?? '',
      port: body.port ?? RELAY_DEFAULT_PORT,
      ...(body.password === undefined || body.password === null
        ? {}
        : { passwordEncrypted: this.cipher.encrypt(body.password) }),
    });
    return relayDto(await this.owned(userId, relayId));
  }

  async delete(userId: string, relayId: number): Promise<void> {
    await this.owned(userId, relayId);
    await this.relays.delete(relayId);
  }

  /** Adds an action for one of the user's authorised sites, or saves an existing action's settings. */
  async saveAction(userId: string, relayId: number, { action }: RelayActionRequestDto): Promise<RelayDto> {
    const relay = await this.owned(userId, relayId);
    const actions = relay.actions ?? [];
    const settings = { onFire: withTriggerDefaults(action.on_fire), onFault: withTriggerDefaults(action.on_fault) };
    if (action.id !== undefined && action.id !== null) {
      const existing = editableAction(actions, action.id, action.hwaddr);
      await this.relays.saveAction({ id: existing.id, relayId, hwaddr: existing.hwaddr, ...settings });
    } else {
      assertMayAddAction(actions, action.hwaddr, await this.authedPanels.roleOn(userId, action.hwaddr));
      await this.relays.saveAction({ relayId, hwaddr: action.hwaddr, ...settings });
    }
    return relayDto(await this.owned(userId, relayId));
  }

  async deleteAction(userId: string, relayId: number, actionId: number): Promise<RelayDto> {
    await this.owned(userId, relayId);
    if (!(await this.relays.deleteAction(relayId, actionId)))
      throw new DomainError('not-found', RELAY_ACTION_NOT_FOUND);
    return relayDto(await this.owned(userId, relayId));
  }

  async runs(userId: string, relayId: number): Promise<RelayActionRunDto[]> {
    await this.owned(userId, relayId);
    return (await this.relays.recentRuns(relayId, RELAY_RUNS_LISTED)).map(relayActionRunDto);
  }

  async test(body: RelayTestDto): Promise<RelayStatus> {
    await this.checkTarget(body.host);
    return this.verifier.verify({ host: body.host, port: body.port ?? RELAY_DEFAULT_PORT, password: body.password });
  }

  private async owned(userId: string, relayId: number): Promise<RelayEntity> {
    const relay = await this.relays.findOwned(userId, relayId);
    if (!relay) throw new DomainError('not-found', RELAY_NOT_FOUND);
    return relay;
  }

  /**
   * Refuses loopback, private and link-local targets unless allowed. A name that does not resolve
   * now may be a dynamic DNS name between updates: it is accepted, and checked again by the worker
   * at every connection.
   */
  private async checkTarget(host: string): Promise<void> {
    try {
      await this.policy.resolve(host);
    } catch (error) {
      if (error instanceof RelayError && error.kind === 'refused-target')
        throw new DomainError('invalid', error.message);
      if (error instanceof RelayError && error.kind === 'not-found') return;
      throw error;
    }
  }
}
