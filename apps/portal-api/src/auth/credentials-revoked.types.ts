/**
 * On `auth.revoked.<userId>`: tokens of the user whose password version is older than
 * `passwordVersion` are void (a password change), or those of the sessions named (ended).
 */
export interface CredentialsRevokedMessage {
  userId: string;
  /** The account's new password version (ms since the epoch, the `pwv` of tokens signed from now on). */
  passwordVersion?: number;
  /** Sessions ended: their tokens (`sid`) are void. */
  sessionIds?: string[];
}

export function parseCredentialsRevoked(text: string): CredentialsRevokedMessage | null {
  try {
    const value = JSON.parse(text) as Partial<CredentialsRevokedMessage> | null;
    if (typeof value?.userId !== 'string') return null;
    const { passwordVersion, sessionIds } = value;
    const version =
      typeof passwordVersion === 'number' && Number.isFinite(passwordVersion) ? passwordVersion : undefined;
    const sessions =
      Array.isArray(sessionIds) && sessionIds.every((id) => typeof id === 'string') ? sessionIds : undefined;
    if (version === undefined && sessions === undefined) return null;
    return {
      userId: value.userId,
      ...(version === undefined ? {} : { passwordVersion: version }),
      ...(sessions === undefined ? {} : { sessionIds: sessions }),
    };
  } catch {
    return null;
  }
}
