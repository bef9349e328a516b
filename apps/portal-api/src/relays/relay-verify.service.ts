import { Injectable } from '@nestjs/common';
import type { RelayStatus, RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { DomainError } from '@app/platform';
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
    const result = await this.nats.request<RelayVerifyReply>(this.nats.names.subjects.relayVerify, request, {
      timeoutMs: this.config.verifyTimeoutMs,
    });
    if (result.kind === 'no-responders') {
      throw new DomainError('unavailable', RELAY_SERVICE_UNAVAILABLE);
    }
    if (result.kind === 'timeout') {
      throw new DomainError('timeout', 'The relay did not answer in time: check the address and port forwarding');
    }
    const reply = result.body;
    // A verify that reached no usable board is not a server fault: 422 carries the reason.
    if (!reply.ok) throw new DomainError('refused', reply.reason);
    return reply.status;
  }
}
