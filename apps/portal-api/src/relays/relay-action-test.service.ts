import { Injectable, Logger } from '@nestjs/common';
import type { RelayActionTestReply, RelayActionTestRequest, RelayTrigger } from '@app/contracts';
import { NatsService, type NatsRequestResult } from '@app/messaging';
import { DomainError } from '@app/platform';
import { AuthedPanelsRepository } from '../panel-access/authed-panels.repository';
import { UsersRepository } from '../auth/users.repository';
import { RelayActionAuditRepository } from './relay-action-audit.repository';
import { RELAY_SERVICE_UNAVAILABLE } from './relay-verify.service';
import { RelaysApiConfig } from './relays.config';
import { RelaysRepository } from './relays.repository';
import { assertMayDriveAction, RELAY_ACTION_NOT_FOUND } from './relay-actions.policy';
import { RELAY_NOT_FOUND } from './relays.service';

export const RELAY_TEST_NOT_AUDITED = 'The action was not tested: the audit log is unavailable. Please try again later';
export const RELAY_TEST_TIMEOUT = 'The relay did not answer in time: check the address and port forwarding';

/**
 * "Test action": a relay-worker drives one action's fire or fault settings once, so an installer can
 * check the wiring without a fire. Only for the relay's owner while authorised on the action's site,
 * and audited like a panel command: the row is written before the request leaves, and settled with
 * the outcome.
 */
@Injectable()
export class RelayActionTestService {
  private readonly logger = new Logger(RelayActionTestService.name);

  constructor(
    private readonly relays: RelaysRepository,
    private readonly authedPanels: AuthedPanelsRepository,
    private readonly users: UsersRepository,
    private readonly audit: RelayActionAuditRepository,
    private readonly nats: NatsService,
    private readonly config: RelaysApiConfig,
  ) {}

  async test(userId: string, relayId: number, actionId: number, trigger: RelayTrigger): Promise<void> {
    const relay = await this.relays.findOwned(userId, relayId);
    if (!relay) throw new DomainError('not-found', RELAY_NOT_FOUND);
    const action = (relay.actions ?? []).find((candidate) => candidate.id === actionId);
    if (!action) throw new DomainError('not-found', RELAY_ACTION_NOT_FOUND);
    assertMayDriveAction(action.hwaddr, await this.authedPanels.roleOn(userId, action.hwaddr));
    const user = await this.users.findById(userId);
    const test: RelayActionTestRequest = { relayId, actionId, trigger };
    const auditId = await this.audit
      .begin({ userId, userName: user?.fullName ?? '', hwaddr: action.hwaddr, test })
      .catch((error: unknown) => {
        this.logger.error(
          { relayId, relayActionId: actionId, err: error },
          'audit row of a relay test not written, not tested',
        );
        throw new DomainError('unavailable', RELAY_TEST_NOT_AUDITED);
      });
    let result: NatsRequestResult<RelayActionTestReply>;
    try {
      result = await this.nats.request<RelayActionTestReply>(this.nats.names.subjects.relayActionTest, test, {
        timeoutMs: this.config.verifyTimeoutMs,
      });
    } catch (error) {
      await this.settle(auditId, 'failed', String(error));
      throw error;
    }
    if (result.kind === 'no-responders') {
      await this.settle(auditId, 'not-connected', RELAY_SERVICE_UNAVAILABLE);
      throw new DomainError('unavailable', RELAY_SERVICE_UNAVAILABLE);
    }
    if (result.kind === 'timeout') {
      await this.settle(auditId, 'timeout', RELAY_TEST_TIMEOUT);
      throw new DomainError('timeout', RELAY_TEST_TIMEOUT);
    }
    const reply = result.body;
    await this.settle(auditId, reply.ok ? 'ok' : 'failed', reply.ok ? null : reply.reason);
    // A board that could not be driven is not a server fault: 422 carries the reason.
    if (!reply.ok) throw new DomainError('refused', reply.reason);
  }

  private async settle(
    id: number,
    outcome: 'ok' | 'failed' | 'timeout' | 'not-connected',
    reason: string | null,
  ): Promise<void> {
    await this.audit.settle(id, outcome, reason).catch((error: unknown) => {
      this.logger.error(
        { auditId: id, outcome, err: error },
        'relay test outcome not written, its audit row stays pending',
      );
    });
  }
}
