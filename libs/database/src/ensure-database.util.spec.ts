import { databaseNameOf, maintenanceDatabaseUrl } from './ensure-database.util';

describe('database URL helpers', () => {
  it('points at the maintenance database of the same server and user', () => {
    expect(maintenanceDatabaseUrl('postgres://app:secret@db.example:6543/portal?sslmode=require')).toBe(
      'postgres://app:secret@db.example:6543/postgres?sslmode=require',
    );
  });

  it('reads the database name, decoding escapes', () => {
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432/portal')).toBe('portal');
    expect(databaseNameOf('postgres://postgres@127.0.0.1/my%20db')).toBe('my db');
  });

  it('refuses a URL without a database name', () => {
    expect(() => databaseNameOf('postgres://postgres@127.0.0.1:5432')).toThrow('names no database');
  });
});
