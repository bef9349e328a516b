import { Writable } from 'node:stream';
import { waitUntil } from '@app/testing';
import type { ExportedEvent } from './events-export-format.util';
import type { EventsExportBatch, EventsExportCursor } from './events-export.repository';
import { writeEventsCsv } from './events-export-stream.util';

const event = (id: number): ExportedEvent => ({
  id: String(id),
  networkId: 1,
  category: 'system',
  title: `Event ${id}`,
  date: new Date(Date.UTC(2024, 0, 1, 0, 0, id)),
  receivedAt: new Date(Date.UTC(2024, 0, 1, 0, 0, id)),
  location: 'N/A',
  test: false,
});

/** `batches` batches of `size` events, recording which cursor each read was asked with. */
function batches(count: number, size: number) {
  const reads: Array<EventsExportCursor | undefined> = [];
  const read = async (after: EventsExportCursor | undefined): Promise<EventsExportBatch> => {
    reads.push(after);
    const index = after === undefined ? 0 : Number(after.id);
    const events = Array.from({ length: size }, (_, offset) => event(index * size + offset));
    return index + 1 < count ? { events, next: { receivedKey: 'k', id: String(index + 1) } } : { events };
  };
  return { read, reads };
}

/** A destination that takes one chunk at a time, each only when `release` is called. */
function slowDestination() {
  const chunks: string[] = [];
  const pending: Array<() => void> = [];
  const out = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      pending.push(() => done());
    },
  });
  const release = () => pending.shift()?.();
  return { out, chunks, release };
}

describe('writeEventsCsv', () => {
  it('writes the BOM, the header and every batch, then ends', async () => {
    const { read, reads } = batches(3, 2);
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });

    await expect(writeEventsCsv(read, out)).resolves.toBe('complete');

    const text = chunks.join('');
    expect(text.startsWith('\uFEFFDate (UTC),')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 6);
    expect(reads).toEqual([undefined, { receivedKey: 'k', id: '1' }, { receivedKey: 'k', id: '2' }]);
    expect(out.writableEnded).toBe(true);
  });

  it('reads the next batch only once the destination has taken the previous one', async () => {
    const { read, reads } = batches(3, 2);
    const { out, chunks, release } = slowDestination();
    const done = writeEventsCsv(read, out);

    await waitUntil(() => chunks.length === 1, 'the header written');
    // Let the event loop turn: nothing more is read while the header waits to be taken.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toEqual([]);
    release();
    await waitUntil(() => chunks.length === 2, 'the first batch written');
    expect(reads).toHaveLength(1);
    release();
    await waitUntil(() => chunks.length === 3, 'the second batch written');
    expect(reads).toHaveLength(2);
    release();
    await waitUntil(() => chunks.length === 4, 'the last batch written');
    expect(reads).toHaveLength(3);
    release();
    await expect(done).resolves.toBe('complete');
  });

  it('stops without reading more when the destination closes while it waits', async () => {
    const { read, reads } = batches(100, 2);
    const { out, chunks, release } = slowDestination();
    const done = writeEventsCsv(read, out);
    await waitUntil(() => chunks.length === 1, 'the header written');
    release();
    await waitUntil(() => chunks.length === 2, 'the first batch written');

    out.destroy();

    await expect(done).resolves.toBe('closed');
    expect(reads).toHaveLength(1);
  });
});
