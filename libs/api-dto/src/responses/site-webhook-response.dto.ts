import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  type SiteWebhook,
  type SiteWebhookResponse,
  type WebhookAttemptView,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookEventType,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

/** A site's webhook (docs/webhooks.md). */
export class SiteWebhookResponseDto implements SiteWebhook {
  @ApiProperty({ type: String, description: 'The https:// address messages are POSTed to' })
  url!: string;

  @ApiProperty({
    type: String,
    description: "The Standard Webhooks secret the messages are signed with: 'whsec_' and base64",
  })
  secret!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  createdAt!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  updatedAt!: string;
}

/** GET /v2/sites/{hwaddr}/webhook. */
export class SiteWebhookEnvelopeDto implements SiteWebhookResponse {
  @ApiProperty({ type: SiteWebhookResponseDto, nullable: true, description: 'Null while the site has none' })
  webhook!: SiteWebhookResponseDto | null;
}

/** One try of a delivery. */
export class WebhookAttemptResponseDto implements WebhookAttemptView {
  @ApiProperty({ type: Number, format: 'int32', minimum: 1 })
  attempt!: number;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'When the try started' })
  at!: string;

  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    description: "The receiver's HTTP status; null when none came",
  })
  statusCode!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the try failed; null when it succeeded' })
  error!: string | null;

  @ApiProperty({ type: Number, format: 'int32', nullable: true, description: 'How long it took; null when cut short' })
  durationMs!: number | null;
}

/** One message owed to the site's webhook, with its tries. */
export class WebhookDeliveryResponseDto implements WebhookDeliveryView {
  @ApiProperty({
    type: String,
    description: 'Its webhook-id header: the same on every try, for the receiver to drop repeats',
  })
  messageId!: string;

  @ApiProperty({ type: String, enum: WEBHOOK_EVENT_TYPES })
  type!: WebhookEventType;

  @ApiProperty({ type: String, enum: WEBHOOK_DELIVERY_STATES })
  state!: WebhookDeliveryState;

  @ApiProperty(ISO_DATE_PROPERTY)
  createdAt!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true })
  deliveredAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it was suppressed, cancelled or failed' })
  reason!: string | null;

  @ApiProperty({
    type: Boolean,
    description: 'A try was cut short with its outcome unknown: the receiver may have it twice',
  })
  possibleRepeat!: boolean;

  @ApiProperty({ type: WebhookAttemptResponseDto, isArray: true })
  attempts!: WebhookAttemptResponseDto[];
}
