/**
 * Refusals already written to the audit log by the commands service, so that the filter recording
 * refused requests does not write them a second time.
 */
const audited = new WeakSet<object>();

export function markAudited<E extends object>(error: E): E {
  audited.add(error);
  return error;
}

export function isAudited(error: object): boolean {
  return audited.has(error);
}
