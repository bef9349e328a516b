import { ArgumentsHost, BadRequestException, Catch, ExceptionFilter, Injectable, Logger } from '@nestjs/common';
import { HWADDR_PATTERN, NETWORK_ID_PATTERN, type PanelCommand } from '@app/contracts';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { ApiExceptionFilter } from '../http/api-exception.filter';
import { isAudited } from './audited-refusals.util';
import { PanelCommandsService } from './panel-commands.service';

/** The command kind each control route sends (the last segment of its path). */
const KIND_OF_ROUTE: Record<string, PanelCommand['kind']> = {
  zone: 'zone',
  'tmp-name': 'deviceName',
  'tmp-zone': 'deviceZone',
  buttons: 'button',
  strings: 'strings',
  module: 'moduleSettings',
  device: 'deviceSettings',
};

/** Larger bodies are kept as their kind alone: the log records the attempt, not a payload store. */
const ASKED_MAX_JSON_LENGTH = 4096;

/**
 * Every command attempt is in the site's audit log, including one whose request body is refused by
 * validation (after the claims guard, so the caller is known): it is recorded as 'rejected' with the
 * answer's err, then answered as every error is.
 */
@Injectable()
@Catch(BadRequestException)
export class InvalidCommandAuditFilter implements ExceptionFilter {
  private readonly logger = new Logger(InvalidCommandAuditFilter.name);
  private readonly answer = new ApiExceptionFilter();

  constructor(private readonly commands: PanelCommandsService) {}

  async catch(exception: BadRequestException, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<AuthenticatedRequest>();
    const asked = this.attempt(request);
    if (request.claims && asked && !isAudited(exception)) {
      const reason = errOf(exception);
      await this.commands
        .recordInvalidRequest(request.claims, asked.hwaddr, asked.networkId, asked.command, reason)
        .catch((error: unknown) => {
          this.logger.error(
            `refused ${asked.command.kind} request for ${asked.hwaddr} not written to the audit log: ${String(error)}`,
          );
        });
    }
    this.answer.catch(exception, host);
  }

  private attempt(request: AuthenticatedRequest): { hwaddr: string; networkId: number; command: PanelCommand } | null {
    const hwaddr = String(request.params.hwaddr ?? '').toLowerCase();
    const networkId = String(request.params.networkId ?? '');
    const kind = KIND_OF_ROUTE[request.path.split('/').pop() ?? ''];
    if (!HWADDR_PATTERN.test(hwaddr) || !NETWORK_ID_PATTERN.test(networkId) || !kind) return null;
    const body: unknown = request.body;
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { body };
    const command = { ...fields, kind } as PanelCommand;
    return {
      hwaddr,
      networkId: Number(networkId),
      command: JSON.stringify(command).length <= ASKED_MAX_JSON_LENGTH ? command : ({ kind } as PanelCommand),
    };
  }
}

function errOf(exception: BadRequestException): string {
  const response = exception.getResponse();
  const err = typeof response === 'object' && response !== null ? (response as { err?: unknown }).err : undefined;
  return typeof err === 'string' ? err : exception.message;
}
