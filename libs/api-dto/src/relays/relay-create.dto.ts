import { RELAY_NAME_MAX_LENGTH, RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayRequest } from '@app/contracts';
import { host, relayPassword, text, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/_new. */
export class RelayCreateDto implements RelayRequest {
  @Rule(host) host!: string;
  @OptionalRule(text(RELAY_NAME_MAX_LENGTH)) name?: string;
  /** Default 17123. */
  @OptionalRule(wholeNumber(RELAY_PORT_MIN, RELAY_PORT_MAX)) port?: number;
  @Rule(relayPassword) password!: string;
}
