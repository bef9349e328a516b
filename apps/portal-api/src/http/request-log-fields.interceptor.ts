import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { assignLogFields } from '@app/platform';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { requestLogFields } from './request-log-fields.util';

/**
 * Names the user, panel, network and relay of an API request on every log line it leads to (its
 * scope's fields), once the guards have proved who asks: no service needs to repeat them.
 */
@Injectable()
export class RequestLogFieldsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http')
      assignLogFields(requestLogFields(context.switchToHttp().getRequest<AuthenticatedRequest>()));
    return next.handle();
  }
}
