import { HttpStatus, Injectable, HttpException } from '@nestjs/common';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import type { RelayStatus, RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { RelaysApiConfig } from './relays.config';

export const RELAY_SERVICE_UNAVAILABLE = 'The relay service is not running: try again later';

/** "Verify Connection": asks a relay-worker over NATS, since only workers reach relay boards. */
@Injectable()
export class RelayVerifyService {
  constructor(
    private readonly nats: NatsService,
    private readonly config: RelaysApiConfig,
  ) {}

  async verify(request: RelayVerifyRequest): Promise<RelayStatus> {
    let reply: RelayVerifyReply;
    try {
      const message = await this.nats.connection.request(
        this.nats.names.subjects.relayVerify,
        JSON.stringify(request),
        { timeout: this.config.verifyTimeoutMs },
      );
      reply = message.json<RelayVerifyReply>();
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders()) {
        throw new HttpException({ err: RELAY_SERVICE_UNAVAILABLE }, HttpStatus.SERVICE_UNAVAILABLE);
      }
      if (error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError)) {
        throw new HttpException(
          { err: 'The relay did not answer in time: check the address and port forwarding' },
          HttpStatus.GATEWAY_TIMEOUT,
        );
      }
      throw error;
    }
    // A verify that reached no usable board is not a server fault: 422 carries the reason.
    if (!reply.ok) throw new HttpException({ err: reply.reason }, HttpStatus.UNPROCESSABLE_ENTITY);
    return reply.status;
  }
}
