import type { Request, Response } from 'express';

/**
 * The most of a refused body read and thrown away before the connection is closed regardless:
 * above the largest HTTP_BODY_LIMIT_KB (10 MB), so an ordinary upload is always read to its end.
 */
export const UNREAD_BODY_DRAIN_MAX_BYTES = 32 * 1024 * 1024;

/** A client that stops sending the refused body for this long is not waited for. */
export const UNREAD_BODY_DRAIN_IDLE_MS = 5_000;

/**
 * Answers a request whose body has not been (wholly) received, e.g. a declared Content-Length
 * over the limit, refused before reading it. Closing the connection right after the answer would
 * leave the body still arriving unread, and the kernel then resets the connection: the reset
 * makes the client's TCP discard the answer it had not read yet (a client still writing sees
 * EPIPE and no status). So the whole answer goes out at once, with `Connection: close`, and the
 * response ends (the server closes) only once the rest of the body has been read and discarded,
 * or UNREAD_BODY_DRAIN_MAX_BYTES of it, or the client went quiet for UNREAD_BODY_DRAIN_IDLE_MS.
 */
export function answerThenDrainBody(request: Request, response: Response, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.status(status);
  response.setHeader('Connection', 'close');
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.write(text);

  let drained = 0;
  const finish = (): void => {
    clearTimeout(idle);
    request.off('data', onData);
    request.off('end', finish);
    request.off('close', finish);
    response.end();
  };
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > UNREAD_BODY_DRAIN_MAX_BYTES) finish();
    else idle.refresh();
  };
  const idle = setTimeout(finish, UNREAD_BODY_DRAIN_IDLE_MS);
  idle.unref();
  request.on('data', onData);
  request.once('end', finish);
  request.once('close', finish);
}
