import { PUSH_DEVICE_NAME_MAX_LENGTH, type PushDeviceRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { requiredText } from '../validation/field-checks.util';
import { Nested, Rule } from '../validation/field-rule.decorator';

/** The longest push endpoint accepted (push services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** A PushSubscription's keys, as its toJSON() gives them (base64url). */
export class PushSubscriptionKeysDto {
  @ApiProperty({ type: String, description: "The browser's P-256 public key, base64url (65 bytes)" })
  @Rule(requiredText(200))
  p256dh!: string;

  @ApiProperty({ type: String, description: 'The authentication secret, base64url (16 bytes)' })
  @Rule(requiredText(100))
  auth!: string;
}

/** POST /v2/account/push/devices. */
export class PushDeviceDto implements PushDeviceRequest {
  @ApiProperty({
    type: String,
    maxLength: PUSH_ENDPOINT_MAX_LENGTH,
    description:
      "The push service's https:// address for this browser. Loopback, private and link-local addresses are " +
      'refused unless the portal allows them (PUSH_ALLOWED_TARGETS)',
    example: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b',
  })
  @Rule(requiredText(PUSH_ENDPOINT_MAX_LENGTH))
  endpoint!: string;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @Nested(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;

  @ApiProperty({ type: String, maxLength: PUSH_DEVICE_NAME_MAX_LENGTH, example: 'Chrome on Android' })
  @Rule(requiredText(PUSH_DEVICE_NAME_MAX_LENGTH))
  name!: string;
}
