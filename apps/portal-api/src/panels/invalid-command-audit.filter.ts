import { ArgumentsHost, BadRequestException, Catch, ExceptionFilter, Injectable, Logger } from '@nestjs/common';
import { HWADDR_PATTERN, NETWORK_ID_PATTERN, panelCommandOfRoute, type PanelCommand } from '@app/contracts';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { ApiExceptionFilter } from '../http/api-exception.filter';
import { askedCommand } from './command-request.util';
import { PanelCommandsService } from './panel-commands.service';

/**
 * Every command attempt is in the site's audit log, including one refused before the service saw
 * it (its path params, after the claims guard, so the caller is known): it is recorded as
 * 'rejected' with the answer's err, then answered as every error is. The service records its own
 * refusals (domain errors, which this filter does not catch). The kind is the command of the
 * route's last segment.
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
    if (request.claims && asked) {
      const reason = errOf(exception);
      await this.commands
        .recordInvalidRequest(request.claims, asked.hwaddr, asked.networkId, asked.command, reason)
        .catch((error: unknown) => {
          this.logger.error(
            { kind: asked.command.kind, hwaddr: asked.hwaddr, networkId: asked.networkId, err: error },
            'refused command request not written to the audit log',
          );
        });
    }
    this.answer.catch(exception, host);
  }

  private attempt(request: AuthenticatedRequest): { hwaddr: string; networkId: number; command: PanelCommand } | null {
    const hwaddr = String(request.params.hwaddr ?? '').toLowerCase();
    const networkId = String(request.params.networkId ?? '');
    const definition = panelCommandOfRoute(request.path.split('/').pop() ?? '');
    if (!HWADDR_PATTERN.test(hwaddr) || !NETWORK_ID_PATTERN.test(networkId) || !definition) return null;
    return { hwaddr, networkId: Number(networkId), command: askedCommand(definition, request.body) };
  }
}

function errOf(exception: BadRequestException): string {
  const response = exception.getResponse();
  const err = typeof response === 'object' && response !== null ? (response as { err?: unknown }).err : undefined;
  return typeof err === 'string' ? err : exception.message;
}
