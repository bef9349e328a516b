import { Injectable } from '@nestjs/common';
import { OutboundHttps } from '../outbound/outbound-https';
import type { PushDeliveryConfig } from './push-delivery.config';

/**
 * The mailer's way out to devices' push services: the endpoint a browser gave is an address a user
 * chose, so it is checked like a webhook's (PUSH_ALLOWED_TARGETS, PUSH_CA_FILE, PUSH_TIMEOUT_MS).
 */
@Injectable()
export class PushHttp extends OutboundHttps {
  constructor(config: PushDeliveryConfig) {
    super(config, 'fire-alarm-portal-push');
  }
}
