import { WEBHOOK_URL_MAX_LENGTH, type SiteWebhookRequest } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { boolean, requiredText } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** PUT /v2/sites/{hwaddr}/webhook: the receiver's address, and the secret to keep, give or make. */
export class SiteWebhookDto implements SiteWebhookRequest {
  @ApiProperty({
    type: String,
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    description:
      'An https:// address. Loopback, private and link-local addresses are refused unless the portal allows them ' +
      '(WEBHOOK_ALLOWED_TARGETS)',
    example: 'https://arc.example.com/hooks/fire-portal',
  })
  @Rule(requiredText(WEBHOOK_URL_MAX_LENGTH))
  url!: string;

  @ApiPropertyOptional({
    type: String,
    description:
      "The receiver's own secret: 'whsec_' and the base64 of 24 to 64 bytes. Left out: the webhook's secret is " +
      'kept, or a new one made for a new webhook',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  @OptionalRule(requiredText(200))
  secret?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'True: a new secret is made (secret must then be left out)' })
  @OptionalRule(boolean)
  newSecret?: boolean;
}
