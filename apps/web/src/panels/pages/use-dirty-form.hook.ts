import { useEffect, useRef, useState } from 'react';
import type { RequestStatus } from '../../shared/request-status';

/**
 * A form over data that may change under it (spec 4): while the user has edits (dirty) incoming data
 * never overwrites them; Save is enabled only when dirty. After a successful save the saved values
 * stay shown until the data they came back as (the panel's new configuration) arrives, so the form
 * never flashes the old values.
 */
export function useDirtyForm<F>(source: F | undefined, status: RequestStatus) {
  const [draft, setDraft] = useState<F | undefined>(undefined);
  const [held, setHeld] = useState<{ values: F; over: F | undefined } | null>(null);
  const saving = useRef<F | undefined>(undefined);

  useEffect(() => {
    if (!status.done || saving.current === undefined) return;
    setHeld({ values: saving.current, over: source });
    setDraft(undefined);
    saving.current = undefined;
    // Only the status's change decides; source is read as it is at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.done]);

  const dirty = draft !== undefined;
  const values = draft ?? (held && held.over === source ? held.values : source);
  return {
    values,
    dirty,
    change: (patch: Partial<F>) => {
      if (values === undefined) return;
      setDraft({ ...values, ...patch });
    },
    /** Call when the form is sent: these values are held if the save succeeds. */
    sending: () => {
      saving.current = draft;
    },
    discard: () => setDraft(undefined),
  };
}
