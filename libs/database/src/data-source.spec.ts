import { createDataSource } from './data-source';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

describe('createDataSource', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/portal';

  it('lists the entities and migrations explicitly and never changes the schema by itself', () => {
    const { options } = createDataSource({ url, poolSize: 3, applicationName: 'portal-api' });
    expect(options).toMatchObject({
      type: 'postgres',
      url,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      synchronize: false,
      migrationsRun: false,
      migrationsTableName: 'migrations',
      poolSize: 3,
      applicationName: 'portal-api',
    });
  });

  it('keeps two connections open through quiet spells, never more than the pool holds', () => {
    expect(createDataSource({ url }).options).toMatchObject({ extra: { min: 2, keepAlive: true } });
    expect(createDataSource({ url, poolSize: 1 }).options).toMatchObject({ poolSize: 1, extra: { min: 1 } });
  });

  it('puts a named schema first on the search path', () => {
    const { options } = createDataSource({ url, schema: 'tenant_a' });
    expect(options).toMatchObject({ schema: 'tenant_a', extra: { options: '-c search_path=tenant_a' } });
  });

  it('refuses a schema name that would need quoting', () => {
    expect(() => createDataSource({ url, schema: 'a;DROP' })).toThrow('schema name');
    expect(() => createDataSource({ url, schema: 'Upper' })).toThrow('schema name');
  });
});
