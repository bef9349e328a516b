import type { SiteTestMode } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

/** A site's test mode while it lasts (docs/test-mode.md). */
export class SiteTestModeResponseDto implements SiteTestMode {
  @ApiProperty({ type: String, description: 'The name of the user who started it' })
  startedBy!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  startedAt!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'When it ends by itself, unless ended by hand before' })
  until!: string;

  @ApiProperty({ type: String, description: 'Why it was started' })
  reason!: string;
}
