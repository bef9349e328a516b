import { ApiProperty } from '@nestjs/swagger';
import type { PanelClockReading } from '@app/contracts';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

export class PanelClockResponseDto implements PanelClockReading {
  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true, description: 'When the portal received the latest event' })
  seenAt!: string | null;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true, description: 'The time the panel gave that event' })
  panelTime!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "panelTime less seenAt in whole seconds: negative while the panel's clock is behind",
  })
  offsetSeconds!: number | null;
}
