import { encodeBatchFrame } from './websocket-frame.util';

/**
 * The bytes one socket's flush writes: its frames as they are (one after the other), or for a
 * socket that asked for batches (TOKEN_SET `batch: true`) one frame holding them all as a JSON
 * array. A burst to a site leaves the same frames, in the same order, in the windows of all its
 * sockets (those of one user at least: the frames carry the user's counts), and their windows end
 * one after the other: the bytes are built for the first of them and written as they are to the
 * others, instead of being joined again for each socket. One per copy, shared by every outbox.
 */
export class LivefeedFlushBytes {
  private frames: readonly Buffer[] = [];
  private batched = false;
  private bytes: Buffer | null = null;

  of(frames: readonly Buffer[], batched: boolean): Buffer {
    if (frames.length === 1) return frames[0];
    if (this.bytes !== null && batched === this.batched && sameFrames(frames, this.frames)) return this.bytes;
    const bytes = batched ? encodeBatchFrame(frames) : Buffer.concat(frames);
    this.frames = frames;
    this.batched = batched;
    this.bytes = bytes;
    return bytes;
  }
}

/** The same frame objects in the same order (each message is framed once for all its sockets). */
function sameFrames(a: readonly Buffer[], b: readonly Buffer[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
