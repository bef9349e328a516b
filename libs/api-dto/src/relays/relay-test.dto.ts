import { RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayTestRequest } from '@app/contracts';
import { host, relayPassword, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/_test: verify a relay before saving it. */
export class RelayTestDto implements RelayTestRequest {
  @Rule(host) host!: string;
  /** Default 17123. */
  @OptionalRule(wholeNumber(RELAY_PORT_MIN, RELAY_PORT_MAX)) port?: number;
  @Rule(relayPassword) password!: string;
}
