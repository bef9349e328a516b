import { SITE_NICKNAME_MAX_LENGTH, type ClaimCreateRequest } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { boolean, panelKey, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** POST /v2/claims/create. */
export class ClaimCreateDto implements ClaimCreateRequest {
  @ApiProperty(HWADDR_PROPERTY)
  @HwaddrField()
  hwaddr!: string;

  @ApiProperty({
    type: String,
    description: "The panel's 4-digit admin key (a string)",
    pattern: '^[0-9]{4}$',
    example: '1234',
  })
  @Rule(panelKey)
  key!: string;

  @ApiPropertyOptional({
    type: String,
    description: "The user's name for the site",
    maxLength: SITE_NICKNAME_MAX_LENGTH,
  })
  @OptionalRule(text(SITE_NICKNAME_MAX_LENGTH))
  nickname?: string;

  @ApiPropertyOptional({ type: Boolean, description: "E-mail the site's fire and fault events", default: false })
  @OptionalRule(boolean)
  notify?: boolean;
}
