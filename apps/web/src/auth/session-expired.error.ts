/** Thrown by the token sagas once the session has been cleared; callers stop what they were doing. */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}
