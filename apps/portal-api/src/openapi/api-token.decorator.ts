import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiError } from './api-errors.decorator';
import { CLAIMS_TOKEN, SESSION_TOKEN } from './openapi.constants';

/** Routes behind SessionGuard: the session token, and the 401 it gives without one. */
export function ApiSessionToken(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    ApiBearerAuth(SESSION_TOKEN),
    ApiError(401, 'No session token, or one that is invalid, expired, or older than the last password change'),
  );
}

/** Routes behind ClaimsGuard: the claims token, and the 401 it gives without one. */
export function ApiClaimsToken(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    ApiBearerAuth(CLAIMS_TOKEN),
    ApiError(401, 'No claims token, or one that is invalid, expired, or older than the last password change'),
  );
}
