/** On `auth.revoked.<userId>`: tokens of the user whose password version is older are void. */
export interface CredentialsRevokedMessage {
  userId: string;
  /** The account's new password version (ms since the epoch, the `pwv` of tokens signed from now on). */
  passwordVersion: number;
}

export function parseCredentialsRevoked(text: string): CredentialsRevokedMessage | null {
  try {
    const value = JSON.parse(text) as Partial<CredentialsRevokedMessage> | null;
    if (
      typeof value?.userId !== 'string' ||
      typeof value.passwordVersion !== 'number' ||
      !Number.isFinite(value.passwordVersion)
    )
      return null;
    return { userId: value.userId, passwordVersion: value.passwordVersion };
  } catch {
    return null;
  }
}
