import {
  ALARM_TIMELINE_CHANGES,
  ALARM_KINDS,
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNELS,
  type AlarmAcknowledgement,
  type AlarmTimelineChange,
  type AlarmDetailDto,
  type AlarmDto,
  type AlarmKind,
  type AlarmsListResponse,
  type AlarmTimelineEntry,
  type EscalationAudience,
  type EscalationChannel,
  type SiteEscalationPolicy,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { STORED_HWADDR_PROPERTY, ID_PROPERTY, ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

export class AlarmAcknowledgementResponseDto implements AlarmAcknowledgement {
  @ApiProperty({ type: String, description: "The user's name as it was then" })
  by!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  at!: string;

  @ApiProperty({ type: String, description: 'Empty when none was given' })
  note!: string;
}

/** One of the user's sites' alarms (docs/alarms.md). */
export class AlarmResponseDto implements AlarmDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ enum: ALARM_KINDS, description: 'What it is about' })
  kind!: AlarmKind;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The panel network it is on; null for a communication loss (the whole panel)',
  })
  networkId!: number | null;

  @ApiProperty({ type: String, description: "The first event's title" })
  title!: string;

  @ApiProperty({ type: String, description: "The first event's location; empty when it has none" })
  location!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  openedAt!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: 'The latest event that joined it' })
  lastEventAt!: string;

  @ApiProperty({ type: Number, description: 'How many events of its kind the panel sent while it was active' })
  events!: number;

  @ApiProperty({ type: AlarmAcknowledgementResponseDto, nullable: true, description: 'Null until acknowledged' })
  acknowledgement!: AlarmAcknowledgementResponseDto | null;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true, description: 'Null while active' })
  clearedAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it cleared; null while active' })
  clearReason!: string | null;
}

export class AlarmTimelineEntryResponseDto implements AlarmTimelineEntry {
  @ApiProperty({ enum: ALARM_TIMELINE_CHANGES })
  change!: AlarmTimelineChange;

  @ApiProperty(ISO_DATE_PROPERTY)
  at!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The user who made it; null for the panel's and the system's",
  })
  by!: string | null;

  @ApiProperty({ type: String, description: "The event's title, the acknowledgement's note, or why it cleared" })
  text!: string;
}

export class AlarmDetailResponseDto extends AlarmResponseDto implements AlarmDetailDto {
  @ApiProperty({ type: [AlarmTimelineEntryResponseDto], description: 'Its changes, oldest first' })
  timeline!: AlarmTimelineEntryResponseDto[];
}

export class AlarmsListResponseDto implements AlarmsListResponse {
  @ApiProperty({
    type: [AlarmResponseDto],
    description:
      "The alarms of the user's sites that are active or unacknowledged, then the latest handled ones: " +
      'unacknowledged first, fire before fault before communication, active before cleared, newest first',
  })
  alarms!: AlarmResponseDto[];
}

class EscalationStepResponseDto {
  @ApiProperty({ type: Number, description: 'Its place, from 1' })
  step!: number;

  @ApiProperty({ type: Number, description: 'Minutes after the alarm opened without acknowledgement; 0: at once' })
  afterMinutes!: number;

  @ApiProperty({ enum: ESCALATION_AUDIENCES })
  audience!: EscalationAudience;

  @ApiProperty({ type: [String], format: 'uuid', description: "The users a 'people' step names; empty otherwise" })
  people!: string[];

  @ApiProperty({ enum: ESCALATION_CHANNELS, isArray: true, description: 'How it reaches' })
  channels!: EscalationChannel[];
}

/** A site's escalation policy (docs/alarms.md). */
export class SiteEscalationPolicyResponseDto implements SiteEscalationPolicy {
  @ApiProperty({ type: [EscalationStepResponseDto], description: 'Step 1 at once, then the later steps' })
  steps!: EscalationStepResponseDto[];

  @ApiProperty({ type: Boolean, description: 'True while the site follows the default policy' })
  isDefault!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Who set it; null for the default' })
  updatedBy!: string | null;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true })
  updatedAt!: string | null;
}
