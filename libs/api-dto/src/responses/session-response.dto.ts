import type { SessionsEnded, SessionSummary } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

export class SessionSummaryResponseDto implements SessionSummary {
  @ApiProperty({ type: String, format: 'uuid' })
  id!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'When this browser signed in' })
  signedInAt!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'Its last request, to the minute' })
  lastSeenAt!: string;

  @ApiProperty({ type: String, description: "The client's address at sign-in" })
  address!: string;

  @ApiProperty({ type: String, description: 'The user agent the browser sent at sign-in' })
  userAgent!: string;

  @ApiProperty({ type: Boolean, description: 'The session this request was made with' })
  current!: boolean;
}

export class SessionsEndedResponseDto implements SessionsEnded {
  @ApiProperty({ type: Number, minimum: 0 })
  ended!: number;
}
