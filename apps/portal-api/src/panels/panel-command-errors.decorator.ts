import { applyDecorators } from '@nestjs/common';
import { ApiError, ApiErrors } from '../openapi/api-errors.decorator';

/** The error answers every panel command can give beyond its input checks (PanelCommandsService). */
export function ApiPanelCommandErrors(): ClassDecorator {
  return applyDecorators(
    ApiErrors(403),
    ApiError(404, 'The site has no such panel network, module or device'),
    ApiError(409, 'The panel is not connected, or it only sends events (cloud control is off)'),
    ApiError(422, 'The panel refused the change; err gives its reason'),
    ApiError(503, 'The command could not be sent or audited, or the panel state cannot be read: try again'),
    ApiError(504, 'The panel did not answer in time'),
  );
}
