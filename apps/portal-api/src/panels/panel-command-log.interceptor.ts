import {
  HttpException,
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import { isDomainError } from '@app/platform';

/**
 * One line per panel command request, with its kind and how it ended ('ok', or the kind of error
 * it was answered with, and its err). The request's scope adds the correlation id, the user, the
 * panel and the network, which the gateway's lines of the same command carry too.
 */
@Injectable()
export class PanelCommandLogInterceptor implements NestInterceptor {
  private readonly logger = new Logger('PanelCommands');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Each route's handler is named after its command's kind (panel-commands.controller.ts).
    const kind = context.getHandler().name;
    return next.handle().pipe(
      tap({
        next: () => this.logger.log({ kind, outcome: 'ok' }, 'panel command answered'),
        error: (error: unknown) => this.logger.log({ kind, ...outcomeOf(error) }, 'panel command answered'),
      }),
    );
  }
}

function outcomeOf(error: unknown): { outcome: string; reason?: string } {
  if (isDomainError(error)) return { outcome: error.kind, reason: error.err };
  if (error instanceof HttpException) return { outcome: `http-${error.getStatus()}`, reason: error.message };
  return { outcome: 'error' };
}
