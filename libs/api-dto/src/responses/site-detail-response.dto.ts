import type { SiteDetail } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { SitePanelResponseDto } from './site-panel-response.dto';
import { SiteSummaryResponseDto } from './site-summary-response.dto';

/** GET /v2/sites/{hwaddr}: the site and its panel networks. */
export class SiteDetailResponseDto extends SiteSummaryResponseDto implements SiteDetail {
  @ApiProperty({ type: Boolean, description: 'The panel is connected to the cloud' })
  connected!: boolean;

  @ApiProperty({ type: Boolean, description: 'The panel accepts control and edits from the cloud' })
  cloudControl!: boolean;

  @ApiProperty({ type: () => SitePanelResponseDto, isArray: true })
  networks!: SitePanelResponseDto[];
}
