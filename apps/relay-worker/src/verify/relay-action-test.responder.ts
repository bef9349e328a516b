import { Injectable, Logger } from '@nestjs/common';
import type { RelayActionTestReply, RelayActionTestRequest } from '@app/contracts';
import { RespondTo } from '@app/messaging';
import { RelayError } from '@app/relay-protocol';
import { RelayActionsRepository } from '../events/relay-actions.repository';
import { RelayActionDriver } from '../jobs/relay-action-driver.service';
import { RELAY_VERIFY_QUEUE_GROUP } from './relay-verify.responder';

export const RELAY_ACTION_NOT_FIRABLE =
  'This action cannot be driven: its relay owner no longer holds an authorised claim on the site';

/**
 * Answers "Test action" for portal-api over NATS request/reply: drives one action's fire or fault
 * settings once, as an event would (the board lock and readback included), and says how it went.
 * It records no run, since no panel event caused it; portal-api audits the request.
 */
@Injectable()
export class RelayActionTestResponder {
  private readonly logger = new Logger(RelayActionTestResponder.name);

  constructor(
    private readonly actions: RelayActionsRepository,
    private readonly driver: RelayActionDriver,
  ) {}

  @RespondTo<RelayActionTestRequest, RelayActionTestReply>('relayActionTest', {
    queue: RELAY_VERIFY_QUEUE_GROUP,
    unreadable: { ok: false, reason: 'The action test request could not be read' },
  })
  async answer(request: RelayActionTestRequest): Promise<RelayActionTestReply> {
    try {
      const action = await this.actions.firableById(request.actionId);
      if (!action || action.relay.id !== request.relayId) return { ok: false, reason: RELAY_ACTION_NOT_FIRABLE };
      await this.driver.drive(action, request.trigger);
      return { ok: true };
    } catch (error) {
      if (error instanceof RelayError) return { ok: false, reason: error.message };
      this.logger.error(
        { relayId: request.relayId, relayActionId: request.actionId, err: error },
        'relay action test failed',
      );
      return { ok: false, reason: 'The action could not be tested because of an internal error' };
    }
  }
}
