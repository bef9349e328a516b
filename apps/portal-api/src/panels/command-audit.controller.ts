import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandAuditEntryResponseDto, HwaddrParamDto } from '@app/api-dto';
import { auditEntryLabel, type CommandAuditEntry } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { CommandAuditRepository } from './command-audit.repository';

const AUDIT_ENTRIES_LISTED = 100;

/**
 * GET /v2/sites/{hwaddr}/audit: the latest commands sent to the site's panels, newest first, with
 * the site's own rows (network 0: relay tests, test mode started and ended).
 */
@ApiTags('panel control')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/audit')
@UseGuards(ClaimsGuard)
export class CommandAuditController {
  constructor(
    private readonly access: PanelAccessService,
    private readonly audit: CommandAuditRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: `The latest ${AUDIT_ENTRIES_LISTED} commands sent to the site's panels, newest first` })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The audit log, newest first', type: CommandAuditEntryResponseDto, isArray: true })
  @ApiErrors(403)
  async list(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<CommandAuditEntry[]> {
    await this.access.assertMayOpen(claims, params.hwaddr);
    const entries = await this.audit.latest(params.hwaddr, AUDIT_ENTRIES_LISTED);
    return entries.map((entry) => ({
      id: entry.id,
      date: entry.createdAt.toISOString(),
      userName: entry.userName,
      networkId: entry.networkId,
      kind: entry.kind,
      label: auditEntryLabel(entry.kind),
      command: entry.command,
      outcome: entry.outcome,
      reason: entry.reason,
    }));
  }
}
