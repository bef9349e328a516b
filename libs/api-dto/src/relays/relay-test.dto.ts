import { RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayTestRequest } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RELAY_HOST_PROPERTY, RELAY_PASSWORD_PROPERTY, RELAY_PORT_PROPERTY } from '../openapi/api-property.constants';
import { host, relayPassword, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/_test: verify a relay before saving it. */
export class RelayTestDto implements RelayTestRequest {
  @ApiProperty(RELAY_HOST_PROPERTY)
  @Rule(host)
  host!: string;

  /** Default 17123. */
  @ApiPropertyOptional(RELAY_PORT_PROPERTY)
  @OptionalRule(wholeNumber(RELAY_PORT_MIN, RELAY_PORT_MAX))
  port?: number;

  @ApiProperty(RELAY_PASSWORD_PROPERTY)
  @Rule(relayPassword)
  password!: string;
}
