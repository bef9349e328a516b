import { PANEL_TYPES, SITE_STATUSES, type PanelType, type SiteAlarms, type SiteSummary } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { SiteAccessResponseDto } from './site-access-response.dto';
import { SiteTestModeResponseDto } from './site-test-mode-response.dto';

/** One of the user's sites, as GET /v2/sites lists them. */
export class SiteSummaryResponseDto implements SiteSummary {
  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ type: String, description: "The user's name for the site" })
  name!: string;

  @ApiProperty({
    type: String,
    enum: [...SITE_STATUSES],
    description: 'Any value but AUTHED and WAITING: unauthorised',
  })
  status!: string;

  @ApiProperty({
    type: String,
    description: "The key the claim was made with ('' for a site reached through a company or an invitation)",
  })
  adminKey!: string;

  @ApiProperty({ type: String, enum: [...PANEL_TYPES] })
  panelType!: PanelType;

  @ApiProperty({ type: Boolean, description: "The site's fire and fault events are e-mailed to the user" })
  emailEvents!: boolean;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true })
  lastEventSeen!: string | null;

  @ApiProperty({ type: Number, format: 'int32', description: 'Unread events plus unresolved notifications' })
  unreadCount!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Unread events per network id',
    example: { '1': 3 },
  })
  perPanelCount!: Record<string, number>;

  @ApiProperty({
    ...ISO_DATE_PROPERTY,
    nullable: true,
    description: "Since when the site's panel is offline, once its loss of communication was reported; null otherwise",
  })
  offlineSince!: string | null;

  @ApiProperty({
    ...ISO_DATE_PROPERTY,
    nullable: true,
    description:
      "Since when the site's panel's connection is lost, while that loss is not yet reported (before offlineSince); null otherwise",
  })
  connectionLostSince!: string | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: {
      type: 'object',
      properties: {
        fireZones: { type: 'integer', format: 'int32', minimum: 0, description: 'Zones in fire' },
        faultZones: { type: 'integer', format: 'int32', minimum: 0, description: 'Zones in fault' },
      },
      required: ['fireZones', 'faultZones'],
    },
    description:
      "Zones in fire and in fault by network id, from each network's latest runtime report while the panel is " +
      'connected ({} while it is not, or before any report); null when not known: the claim is not AUTHED, or ' +
      "the panels' live state could not be read at the moment",
    example: { '1': { fireZones: 2, faultZones: 0 } },
  })
  alarms!: SiteAlarms | null;

  @ApiProperty({
    type: () => SiteTestModeResponseDto,
    nullable: true,
    description: "The site's test mode while it lasts (who started it, when, until when and why); null otherwise",
  })
  testMode!: SiteTestModeResponseDto | null;

  @ApiProperty({
    type: () => SiteAccessResponseDto,
    description: 'How the user reaches the site, and their rights there',
  })
  access!: SiteAccessResponseDto;
}
