/**
 * The date pickers work in the browser's local calendar while the filters hold midnight UTC (times
 * are shown in UTC): the same day, month and year on both sides.
 */
export function pickerDateOf(utcIso: string): Date | null {
  if (!utcIso) return null;
  const date = new Date(utcIso);
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

export function utcIsoOfPicked(local: Date): string {
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate())).toISOString();
}
