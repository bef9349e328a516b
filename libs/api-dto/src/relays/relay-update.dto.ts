import { RELAY_NAME_MAX_LENGTH, RELAY_PORT_MAX, RELAY_PORT_MIN, type RelayUpdateRequest } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RELAY_HOST_PROPERTY, RELAY_PASSWORD_PROPERTY, RELAY_PORT_PROPERTY } from '../openapi/api-property.constants';
import { host, relayPassword, text, wholeNumber } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /relays/{id}: a left-out password keeps the stored one; a sent one must be 32 characters. */
export class RelayUpdateDto implements RelayUpdateRequest {
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

  @ApiPropertyOptional({ ...RELAY_PASSWORD_PROPERTY, description: 'Left out: the stored key is kept' })
  @OptionalRule(relayPassword)
  password?: string;
}
