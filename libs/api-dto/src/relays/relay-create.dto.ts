import { RELAY_NAME_MAX_LENGTH, RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayRequest } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RELAY_HOST_PROPERTY, RELAY_PASSWORD_PROPERTY, RELAY_PORT_PROPERTY } from '../openapi/api-property.constants';
import { host, relayPassword, text, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/_new. */
export class RelayCreateDto implements RelayRequest {
  @ApiProperty(RELAY_HOST_PROPERTY)
  @Rule(host)
  host!: string;

  @ApiPropertyOptional({ type: String, maxLength: RELAY_NAME_MAX_LENGTH })
  @OptionalRule(text(RELAY_NAME_MAX_LENGTH))
  name?: string;

  /** Default 17123. */
  @ApiPropertyOptional(RELAY_PORT_PROPERTY)
  @OptionalRule(wholeNumber(RELAY_PORT_MIN, RELAY_PORT_MAX))
  port?: number;

  @ApiProperty(RELAY_PASSWORD_PROPERTY)
  @Rule(relayPassword)
  password!: string;
}
