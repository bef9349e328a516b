import { messageFailureKind, PermanentMessageError, UndecodableMessageError } from './message-failure.util';

/** An error shaped as node-postgres raises it (DatabaseError carries the SQLSTATE in `code`). */
function databaseError(code: string, message = 'refused'): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe('messageFailureKind', () => {
  it('calls an undecodable payload undecodable', () => {
    expect(messageFailureKind(new UndecodableMessageError('Unexpected token'))).toBe('undecodable');
  });

  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22008', 'date/time field value out of range'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['23514', 'new row violates check constraint'],
  ])('counts PostgreSQL %s (%s) against the message', (code, message) => {
    expect(messageFailureKind(databaseError(code, message))).toBe('message');
  });

  it('reads the SQLSTATE of a TypeORM QueryFailedError from its driver error', () => {
    const failed = Object.assign(new Error('query failed'), {
      name: 'QueryFailedError',
      driverError: databaseError('22021'),
    });
    expect(messageFailureKind(failed)).toBe('message');
  });

  it('counts what a handler marks permanent against the message, also as a cause', () => {
    expect(messageFailureKind(new PermanentMessageError('no such panel type'))).toBe('message');
    expect(messageFailureKind(new Error('job not added', { cause: new PermanentMessageError('bad data') }))).toBe(
      'message',
    );
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection ended by the server', databaseError('57P01', 'terminating connection due to administrator command')],
    [
      'a database that accepts no connections',
      databaseError('55000', 'database "portal" is not currently accepting connections'),
    ],
    ['a connection failure', databaseError('08006', 'connection failure')],
    ['a serialization failure', databaseError('40001', 'could not serialize access')],
    ['a timeout', new Error('Connection terminated due to connection timeout')],
    ['something unknown', new TypeError('x is undefined')],
    ['a value that is not an Error', 'Redis away'],
  ])('treats %s as transient', (_, error) => {
    expect(messageFailureKind(error)).toBe('transient');
  });
});
