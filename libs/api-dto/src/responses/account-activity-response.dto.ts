import { ACCOUNT_ACTIVITY_KINDS, type AccountActivity, type AccountActivityKind } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

export class AccountActivityResponseDto implements AccountActivity {
  @ApiProperty(ISO_DATE_PROPERTY)
  at!: string;

  @ApiProperty({ enum: ACCOUNT_ACTIVITY_KINDS })
  kind!: AccountActivityKind;

  @ApiProperty({ type: String, description: "The request's address ('' when not known)" })
  address!: string;

  @ApiProperty({
    type: String,
    description:
      "session-ended: the browser's user agent; other-sessions-ended: how many; recovery-code-used: the codes left; else ''",
  })
  detail!: string;
}
