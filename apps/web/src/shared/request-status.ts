/**
 * One form's request: submitting, failed with a message, or done. Each form keeps its own, so one
 * form's error or success never shows on another.
 */
export interface RequestStatus {
  pending: boolean;
  error: string | null;
  done: boolean;
  /** Done, with something the user should read before moving on (e.g. a key still to be checked). */
  notice: string | null;
}

export const requestIdle: RequestStatus = { pending: false, error: null, done: false, notice: null };
export const requestPending: RequestStatus = { pending: true, error: null, done: false, notice: null };

export function requestDone(notice: string | null = null): RequestStatus {
  return { pending: false, error: null, done: true, notice };
}

export function requestFailed(error: string): RequestStatus {
  return { pending: false, error, done: false, notice: null };
}
