import { ApiProperty } from '@nestjs/swagger';
import type { PortalStatus } from '@app/contracts';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

export class PortalStatusResponseDto implements PortalStatus {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    description: "'degraded': a part of the portal does not answer, so live updates, commands and mails may be late",
  })
  status!: 'ok' | 'degraded';

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'When the portal last checked its parts' })
  checkedAt!: string;
}
