import { RELAY_NAME_MAX_LENGTH, RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayUpdateRequest } from '@app/contracts';
import { host, relayPassword, text, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/{id}: a left-out password keeps the stored one; a sent one must be 32 characters. */
export class RelayUpdateDto implements RelayUpdateRequest {
  @Rule(host) host!: string;
  @OptionalRule(text(RELAY_NAME_MAX_LENGTH)) name?: string;
  /** Default 17123. */
  @OptionalRule(wholeNumber(RELAY_PORT_MIN, RELAY_PORT_MAX)) port?: number;
  @OptionalRule(relayPassword) password?: string;
}
