import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import type { RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { RelayClient, RelayError } from '@app/relay-protocol';

/** Copies of the worker share verify requests: each is answered by one of them. */
export const RELAY_VERIFY_QUEUE_GROUP = 'relay-worker';

/**
 * Answers "Verify Connection" for portal-api over NATS request/reply, so that only workers ever
 * open connections to relay boards.
 */
@Injectable()
export class RelayVerifyResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RelayVerifyResponder.name);
  private subscription?: Subscription;

  constructor(
    private readonly nats: NatsService,
    private readonly client: RelayClient,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.nats.connection.subscribe(this.nats.names.subjects.relayVerify, {
      queue: RELAY_VERIFY_QUEUE_GROUP,
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`verify subscription: ${error.message}`);
          return;
        }
        void this.answerRaw(message.string()).then((reply) => message.respond(JSON.stringify(reply)));
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.drain().catch(() => undefined);
  }

  private async answerRaw(text: string): Promise<RelayVerifyReply> {
    let request: RelayVerifyRequest;
    try {
      request = JSON.parse(text) as RelayVerifyRequest;
    } catch {
      return { ok: false, reason: 'The verify request could not be read' };
    }
    return this.answer(request);
  }

  async answer(request: RelayVerifyRequest): Promise<RelayVerifyReply> {
    try {
      return {
        ok: true,
        status: await this.client.verify({ host: request.host, port: request.port, password: request.password }),
      };
    } catch (error) {
      if (error instanceof RelayError) return { ok: false, reason: error.message };
      this.logger.error(`verify of ${request.host}:${request.port} failed: ${(error as Error).stack ?? String(error)}`);
      return { ok: false, reason: 'The relay could not be verified because of an internal error' };
    }
  }
}
