import { SITE_NICKNAME_MAX_LENGTH, type ClaimCreateRequest } from '@app/contracts';
import { boolean, panelKey, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** POST /v2/claims/create. */
export class ClaimCreateDto implements ClaimCreateRequest {
  @HwaddrField() hwaddr!: string;
  @Rule(panelKey) key!: string;
  @OptionalRule(text(SITE_NICKNAME_MAX_LENGTH)) nickname?: string;
  @OptionalRule(boolean) notify?: boolean;
}
