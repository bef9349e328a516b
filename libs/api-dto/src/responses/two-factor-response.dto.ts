import type { TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@app/contracts';
import { RECOVERY_CODE_COUNT } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

/**
 * POST /auth/login's answer: `token` for an account without two-factor sign-in (the spec's answer),
 * `secondFactor` and `challenge` for one with it, whose token POST /v2/auth/second-factor gives.
 */
export class LoginResponseDto {
  @ApiProperty({ type: String, required: false, description: 'The session token (no two-factor sign-in)' })
  token?: string;

  @ApiProperty({ enum: ['totp'], required: false, description: 'Present when a code must follow the password' })
  secondFactor?: 'totp';

  @ApiProperty({ type: String, required: false, description: 'Sent back with the code; valid for 5 minutes' })
  challenge?: string;
}

export class TwoFactorStatusResponseDto implements TwoFactorStatus {
  @ApiProperty({ type: Boolean })
  enabled!: boolean;

  @ApiProperty({ type: Number, minimum: 0, maximum: RECOVERY_CODE_COUNT, description: 'Unused recovery codes' })
  recoveryCodesLeft!: number;

  @ApiProperty({
    type: String,
    isArray: true,
    description: "The user's companies that require two-factor sign-in: while it is off, their sites stay closed",
  })
  requiredBy!: string[];
}

export class TwoFactorEnrolmentResponseDto implements TwoFactorEnrolment {
  @ApiProperty({ type: String, description: 'The key in base32, for typing into an authenticator by hand' })
  secret!: string;

  @ApiProperty({ type: String, description: 'The otpauth:// address the QR code holds' })
  otpauthUrl!: string;

  @ApiProperty({ type: String, description: 'The QR code, an SVG document' })
  qrSvg!: string;
}

export class TwoFactorRecoveryCodesResponseDto implements TwoFactorRecoveryCodes {
  @ApiProperty({
    type: [String],
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'Single-use codes, shown this once',
  })
  recoveryCodes!: string[];
}
