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
  /**
   * The user's access to sites changed (docs/access.md, "Teams"): the sites in `lostPanels` are no
   * longer theirs (their sockets stop hearing them at once), and their browsers fetch a new claims
   * token and their sites (AUTH_CHK).
   */
  accessChanged?: true;
  lostPanels?: string[];
}

export function parseCredentialsRevoked(text: string): CredentialsRevokedMessage | null {
  try {
    const value = JSON.parse(text) as Partial<CredentialsRevokedMessage> | null;
    if (typeof value?.userId !== 'string') return null;
    const { passwordVersion, sessionIds } = value;
    const version =
      typeof passwordVersion === 'number' && Number.isFinite(passwordVersion) ? passwordVersion : undefined;
    const sessions = stringsOrUndefined(sessionIds);
    const accessChanged = value.accessChanged === true;
    if (version === undefined && sessions === undefined && !accessChanged) return null;
    return {
      userId: value.userId,
      ...(version === undefined ? {} : { passwordVersion: version }),
      ...(sessions === undefined ? {} : { sessionIds: sessions }),
      ...(accessChanged ? { accessChanged, lostPanels: stringsOrUndefined(value.lostPanels) ?? [] } : {}),
    };
  } catch {
    return null;
  }
}

function stringsOrUndefined(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
}
