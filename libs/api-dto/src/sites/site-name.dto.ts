import { SITE_NICKNAME_MAX_LENGTH, type SiteNameRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/name: the user's nickname for the site. */
export class SiteNameDto implements SiteNameRequest {
  @ApiProperty({
    type: String,
    description: "The user's name for the site",
    minLength: 1,
    maxLength: SITE_NICKNAME_MAX_LENGTH,
  })
  @Rule(requiredText(SITE_NICKNAME_MAX_LENGTH))
  name!: string;
}
