import type { UserEntity } from '@app/database';

type PasswordState = Pick<UserEntity, 'passwordChangedAt'>;

/**
 * The account's password version, signed into every token as `pwv`: the moment its password was
 * last set, in milliseconds. `iat` has whole seconds only, so it cannot tell a token signed just
 * before a change from one signed just after it in the same second; the exact version can.
 */
export function passwordVersion(user: PasswordState): number {
  return user.passwordChangedAt.getTime();
}

/**
 * True when the account's password changed (or was reset) after the token was signed, which voids
 * the token: sessions, claims tokens and reset links alike.
 */
export function passwordChangedSince(user: PasswordState, token: { pwv: number }): boolean {
  return token.pwv !== passwordVersion(user);
}
