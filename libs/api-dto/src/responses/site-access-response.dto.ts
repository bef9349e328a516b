import type { PanelRight, SiteAccess, SiteAccessVia, SiteRole } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** How the user reaches a site and what they may do there (docs/access.md, "Teams"). */
export class SiteAccessResponseDto implements SiteAccess {
  @ApiProperty({ type: String, enum: ['key', 'company', 'invitation'] })
  via!: SiteAccessVia;

  @ApiProperty({ type: String, enum: ['holder', 'admin', 'technician', 'viewer'] })
  role!: SiteRole;

  @ApiProperty({
    type: String,
    isArray: true,
    enum: ['control', 'share'],
    description:
      "control: commands, edits, clock, test mode, relay actions, webhook and escalation settings; share: invite and revoke people. A viewer's: []",
  })
  rights!: PanelRight[];

  @ApiProperty({ type: String, nullable: true, description: 'The company it comes with (via company), else null' })
  companyName!: string | null;
}
