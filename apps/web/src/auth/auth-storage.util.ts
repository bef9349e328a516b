import { AUTH_STORAGE_KEY } from '@app/contracts';

/** The persisted session in local storage under AuthData (spec 3, "Auth"), as `{ "session": token }`. */

export function readStoredSession(): string | null {
  const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'session' in value && typeof value.session === 'string') {
      return value.session;
    }
  } catch {
    // An unreadable entry counts as no session; the caller removes it.
  }
  return null;
}

export function storeSession(token: string): void {
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session: token }));
}

export function removeStoredSession(): void {
  window.localStorage.removeItem(AUTH_STORAGE_KEY);
}
