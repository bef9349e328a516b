import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import * as dtos from '../index';

/** The exported classes that class-validator checks: the request DTOs, their nested parts and the params. */
const validatedClasses = Object.entries(dtos).flatMap(([name, value]) => {
  if (typeof value !== 'function' || !/^[A-Z]/.test(name)) return [];
  const fields = getMetadataStorage()
    .getTargetValidationMetadatas(value, '', false, false)
    .map((metadata) => metadata.propertyName);
  return fields.length > 0 ? [{ name, cls: value, fields: [...new Set(fields)] }] : [];
});

function documentedFields(cls: { prototype: object }): string[] {
  const names = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, cls.prototype) ?? []) as string[];
  return names.map((name) => name.replace(/^:/, ''));
}

describe('the DTOs in the OpenAPI description', () => {
  it('finds the validated classes (not an empty walk)', () => {
    expect(validatedClasses.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['RegisterDto', 'RelayTriggerSettingsDto', 'EventsQueryDto', 'PanelParamsDto']),
    );
  });

  it.each(validatedClasses)('$name documents every field it validates, and no other', ({ cls, fields }) => {
    expect(documentedFields(cls).sort()).toEqual(fields.sort());
  });
});
