import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import type { RelayActionTestReply, RelayActionTestRequest } from '@app/contracts';
import { NatsService } from '@app/messaging';
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
export class RelayActionTestResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RelayActionTestResponder.name);
  private subscription?: Subscription;

  constructor(
    private readonly nats: NatsService,
    private readonly actions: RelayActionsRepository,
    private readonly driver: RelayActionDriver,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.nats.connection.subscribe(this.nats.names.subjects.relayActionTest, {
      queue: RELAY_VERIFY_QUEUE_GROUP,
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`action test subscription: ${error.message}`);
          return;
        }
        void this.answerRaw(message.string()).then((reply) => message.respond(JSON.stringify(reply)));
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.drain().catch(() => undefined);
  }

  private async answerRaw(text: string): Promise<RelayActionTestReply> {
    let request: RelayActionTestRequest;
    try {
      request = JSON.parse(text) as RelayActionTestRequest;
    } catch {
      return { ok: false, reason: 'The action test request could not be read' };
    }
    return this.answer(request);
  }

  async answer(request: RelayActionTestRequest): Promise<RelayActionTestReply> {
    try {
      const action = await this.actions.firableById(request.actionId);
      if (!action || action.relay.id !== request.relayId) return { ok: false, reason: RELAY_ACTION_NOT_FIRABLE };
      await this.driver.drive(action, request.trigger);
      return { ok: true };
    } catch (error) {
      if (error instanceof RelayError) return { ok: false, reason: error.message };
      this.logger.error(`test of relay action ${request.actionId} failed: ${(error as Error).stack ?? String(error)}`);
      return { ok: false, reason: 'The action could not be tested because of an internal error' };
    }
  }
}
