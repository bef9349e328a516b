import { ApiResponse } from '@nestjs/swagger';

/** A success answering a JSON object of the named type of @app/contracts (teams-api.types.ts). */
export function ApiJsonOk(description: string, typeName: string, status = 200): MethodDecorator {
  return ApiResponse({
    status,
    description: `${description} (${typeName}, docs/access.md)`,
    schema: { type: 'object', title: typeName },
  });
}
