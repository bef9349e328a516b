import type { CommandAuditEntry } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY, ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

/** One command sent (or refused) to one of a site's panels. */
export class CommandAuditEntryResponseDto implements CommandAuditEntry {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(ISO_DATE_PROPERTY)
  date!: string;

  @ApiProperty({ type: String })
  userName!: string;

  @ApiProperty({ type: Number, format: 'int32' })
  networkId!: number;

  @ApiProperty({ type: String, description: 'The command kind: zone, deviceName, button, strings, moduleSettings, …' })
  kind!: string;

  @ApiProperty({ type: String, description: "How the audit log names the kind: 'Zone edit', 'Panel button', …" })
  label!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The command as sent' })
  command!: Record<string, unknown>;

  @ApiProperty({
    type: String,
    enum: ['pending', 'ok', 'refused', 'rejected', 'not-connected', 'timeout', 'failed'],
  })
  outcome!: string;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;
}
