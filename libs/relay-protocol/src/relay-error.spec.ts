import { boardMayHaveActed, RelayError, type RelayErrorKind } from './relay-error';

describe('boardMayHaveActed', () => {
  it.each<RelayErrorKind>(['refused-target', 'not-found', 'unreachable', 'connection-refused', 'busy'])(
    'is false for a %s failure: no command reached the board',
    (kind) => {
      expect(boardMayHaveActed(new RelayError(kind, 'x'))).toBe(false);
    },
  );

  it.each<RelayErrorKind>(['timeout', 'closed', 'wrong-password', 'rejected', 'read-back-mismatch', 'lock-lost'])(
    'is true for a %s failure: the board may have switched',
    (kind) => {
      expect(boardMayHaveActed(new RelayError(kind, 'x'))).toBe(true);
    },
  );

  it('is true for an error that is not the protocol’s own', () => {
    expect(boardMayHaveActed(new Error('socket hang up'))).toBe(true);
  });
});
