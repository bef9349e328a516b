import { isDatabaseOutage } from './database-outage.util';

describe('isDatabaseOutage', () => {
  it.each([
    [
      'a server shut down by its administrator',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['a server starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['too many clients', { code: '53300', message: 'sorry, too many clients already' }],
    ['a connection failure class 08', { code: '08006', message: 'connection failure' }],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a TypeORM error wrapping one', { name: 'QueryFailedError', message: 'x', driverError: { code: '57P01' } }],
    ['a cause wrapping one', new Error('read failed', { cause: new Error('Connection terminated') })],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it.each([
    ['a syntax error', { code: '42601', message: 'syntax error at or near "SELEC"' }],
    ['a unique violation', { name: 'QueryFailedError', driverError: { code: '23505' } }],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
  ])('does not mistake %s for an outage', (_, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
  });
});
