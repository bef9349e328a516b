/** The text a failure shows: API failures already carry the spec's wording, so the message it is. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
