import type { Writable } from 'node:stream';
import { CSV_BOM } from './csv.util';
import { eventsExportHeader, eventsExportRow } from './events-export-format.util';
import type { EventsExportBatch, EventsExportCursor } from './events-export.repository';

export type EventsExportEnd = 'complete' | 'closed';

/**
 * Writes the CSV (BOM, header, one row per event) batch after batch, reading the next batch only once
 * `out` has taken the previous one (back-pressure: a slow reader slows the reads, never fills memory),
 * and stops at once when `out` closes early (the client went away): 'closed'. Ends `out` after the
 * last batch: 'complete'. A failed read rejects, with `out` left as it is for the caller to destroy.
 */
export async function writeEventsCsv(
  read: (after: EventsExportCursor | undefined) => Promise<EventsExportBatch>,
  out: Writable,
): Promise<EventsExportEnd> {
  if (!(await written(out, CSV_BOM + eventsExportHeader()))) return 'closed';
  let after: EventsExportCursor | undefined;
  do {
    if (gone(out)) return 'closed';
    const batch = await read(after);
    if (batch.events.length > 0 && !(await written(out, batch.events.map(eventsExportRow).join('')))) return 'closed';
    after = batch.next;
  } while (after !== undefined);
  if (gone(out)) return 'closed';
  out.end();
  return 'complete';
}

function gone(out: Writable): boolean {
  return out.destroyed || out.writableEnded;
}

/** Writes `chunk` and waits until `out` wants more: true, or false when `out` closed first. */
function written(out: Writable, chunk: string): Promise<boolean> {
  if (gone(out)) return Promise.resolve(false);
  if (out.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (drained: boolean) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(drained);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}
