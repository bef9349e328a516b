import { ApiProperty } from '@nestjs/swagger';
import type { SitePeopleResponse, SitePerson } from '@app/contracts';

class SitePersonResponseDto implements SitePerson {
  @ApiProperty({ type: String, format: 'uuid', description: "The user's id" })
  id!: string;

  @ApiProperty({ type: String, description: 'Their full name' })
  name!: string;
}

/** GET /v2/sites/{hwaddr}/people. */
export class SitePeopleResponseDto implements SitePeopleResponse {
  @ApiProperty({ type: [SitePersonResponseDto], description: 'Everyone with access to the site, by name' })
  people!: SitePersonResponseDto[];
}
