import { ApiError } from './api-client';

/** The text a failure shows: the spec's wording for API failures, the message otherwise. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return String(error);
}
