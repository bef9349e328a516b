import type { UserEntity } from '@app/database';

/**
 * True when the account's password changed after a token was issued (`iat`, whole seconds), which
 * voids the token: sessions and reset links alike.
 */
export function passwordChangedSince(user: Pick<UserEntity, 'passwordChangedAt'>, issuedAtSeconds: number): boolean {
  return Math.floor(user.passwordChangedAt.getTime() / 1000) > issuedAtSeconds;
}
