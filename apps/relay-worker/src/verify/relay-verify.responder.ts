import { Injectable, Logger } from '@nestjs/common';
import type { RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import { RespondTo } from '@app/messaging';
import { RelayClient, RelayError } from '@app/relay-protocol';

/** Copies of the worker share verify requests: each is answered by one of them. */
export const RELAY_VERIFY_QUEUE_GROUP = 'relay-worker';

/**
 * Answers "Verify Connection" for portal-api over NATS request/reply, so that only workers ever
 * open connections to relay boards.
 */
@Injectable()
export class RelayVerifyResponder {
  private readonly logger = new Logger(RelayVerifyResponder.name);

  constructor(private readonly client: RelayClient) {}

  @RespondTo<RelayVerifyRequest, RelayVerifyReply>('relayVerify', {
    queue: RELAY_VERIFY_QUEUE_GROUP,
    unreadable: { ok: false, reason: 'The verify request could not be read' },
  })
  async answer(request: RelayVerifyRequest): Promise<RelayVerifyReply> {
    try {
      return {
        ok: true,
        status: await this.client.verify({ host: request.host, port: request.port, password: request.password }),
      };
    } catch (error) {
      if (error instanceof RelayError) return { ok: false, reason: error.message };
      this.logger.error({ host: request.host, port: request.port, err: error }, 'relay verify failed');
      return { ok: false, reason: 'The relay could not be verified because of an internal error' };
    }
  }
}
