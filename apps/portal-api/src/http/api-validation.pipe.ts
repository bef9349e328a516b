import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { validateDto } from '@app/api-dto';

const PLAIN_TYPES = new Set<unknown>([String, Number, Boolean, Array, Object]);

/**
 * Validates every body, query and route-parameter object declared with a DTO class, answering
 * 400 `{ err }` with the first failing field's message; handlers receive the validated instance.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const type = metadata.metatype;
    if (metadata.type === 'custom' || !type || PLAIN_TYPES.has(type)) return value;
    const result = validateDto(type as new () => object, value ?? {});
    if (!result.ok) throw new BadRequestException({ err: result.error });
    return result.value;
  }
}
