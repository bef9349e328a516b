/**
 * The short note, once per screen or section, of why its controls are disabled (the same text is
 * each disabled control's title); nothing when they are not.
 */
export function NoControlRightNote({ reason }: { reason: string | null }) {
  if (reason === null) return null;
  return (
    <p className="no-control-right small text-muted" role="note">
      {reason}
    </p>
  );
}
