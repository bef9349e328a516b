/**
 * An SQL condition: the user `userIdColumn` names is not in their quiet hours now (their own time of
 * day, in their time zone, outside the span; a span whose end is before its start spans midnight).
 * Part of the queries that choose who is told of a fault or a communication loss; never of a fire.
 */
export function outsideQuietHours(userIdColumn: string): string {
  if (!/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/i.test(userIdColumn))
    throw new Error(`not an SQL column: ${userIdColumn}`);
  return `NOT EXISTS (
    SELECT 1 FROM user_quiet_hours quiet
    WHERE quiet.user_id = ${userIdColumn}
      AND CASE WHEN quiet.starts < quiet.ends
        THEN (now() AT TIME ZONE quiet.time_zone)::time >= quiet.starts AND (now() AT TIME ZONE quiet.time_zone)::time < quiet.ends
        ELSE (now() AT TIME ZONE quiet.time_zone)::time >= quiet.starts OR (now() AT TIME ZONE quiet.time_zone)::time < quiet.ends
      END)`;
}
