import { Agent, request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import type { OnApplicationShutdown } from '@nestjs/common';
import { resolveOutboundTarget, urlHost, withTimeout, type AllowedTargets } from '@app/platform';

/**
 * A receiver's answer: its HTTP status, or why none came (refused address, timeout, connection
 * error). `permanent`: no later try can do better (the address is refused or not https://).
 * `requestSent`: with no status, the whole request had gone out, so the receiver may have taken it;
 * without it, the receiver never had it (a name not found, a connection refused or broken first).
 */
export type OutboundAnswer =
  | { statusCode: number; error: null }
  | { statusCode: number | null; error: string; permanent?: true; requestSent?: true };

/** Where and how an outbound client may post. */
export interface OutboundHttpsConfig {
  /** A try that has no answer in this time fails. */
  timeoutMs: number;
  /** Loopback, private and link-local receivers allowed anyway. */
  allowedTargets: AllowedTargets;
  /** Certificates trusted beside the system's (PEM). */
  extraCa: string | undefined;
}

/** The most of an answer's body read (and thrown away): a receiver cannot hold a try open by talking. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** How long a kept connection may stay idle. */
const IDLE_CONNECTION_MS = 4_000;

/**
 * The mailer's way out to an address a user gave (a site's webhook, a device's push service): an
 * HTTPS POST to the address the host resolved to once and was checked at (no loopback, private or
 * link-local address unless allowed), following no redirect, cut off after the configured time.
 * Never throws: every outcome is an answer. Each use extends it with its own configuration.
 */
export abstract class OutboundHttps implements OnApplicationShutdown {
  /**
   * Connections kept open between messages: an alarm's post then costs no TCP and TLS handshake (on
   * the receiver's side either). A pooled connection was checked when it was opened.
   */
  private readonly agent: Agent;

  protected constructor(
    private readonly config: OutboundHttpsConfig,
    private readonly userAgent: string,
  ) {
    this.agent = new Agent({
      keepAlive: true,
      // Closed well before a receiver's own idle limit (Node's 5 s, nginx's 75 s) would close it under a post.
      timeout: IDLE_CONNECTION_MS,
      // One context made here: given as `ca`, the 140-odd trusted certificates would be parsed again
      // for each new connection, and joined into the pool's key on every post.
      ...(config.extraCa ? { secureContext: createSecureContext({ ca: [config.extraCa, ...rootCertificates] }) } : {}),
    });
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  /** `headers` name the body's content-type and encoding; its length and the user agent are added. */
  async post(url: string, headers: Record<string, string>, body: string | Buffer): Promise<OutboundAnswer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { statusCode: null, error: 'Not a valid address', permanent: true };
    }
    if (target.protocol !== 'https:') return { statusCode: null, error: 'Not an https:// address', permanent: true };
    const host = urlHost(target);
    // A name server that does not answer fails the try like a receiver that does not.
    const resolved = await withTimeout(
      resolveOutboundTarget(host, this.config.allowedTargets),
      this.config.timeoutMs,
      'lookup timed out',
    ).catch(() => null);
    if (!resolved)
      return {
        statusCode: null,
        error: `No answer from the name servers for ${host} within ${this.config.timeoutMs} ms`,
      };
    if (!resolved.ok && resolved.why === 'not-found')
      return { statusCode: null, error: `Host ${host} could not be found` };
    if (!resolved.ok)
      return {
        statusCode: null,
        error: `Refused: ${host} is a loopback, private or link-local address (${resolved.address})`,
        permanent: true,
      };
    const address = isIP(host) === 0 ? resolved.address : null;
    const answer = await this.send(target, address, headers, body);
    // A kept connection the receiver closed as the post went out: it never read it, so it goes again
    // at once on a new connection rather than after a retry's delay.
    return answer.staleConnection ? this.send(target, address, headers, body) : answer;
  }

  private send(
    target: URL,
    address: string | null,
    headers: Record<string, string>,
    body: string | Buffer,
  ): Promise<OutboundAnswer & { staleConnection?: true }> {
    // The checked address, so that the connection cannot go where a second lookup would point.
    const lookup: LookupFunction | undefined = address
      ? (_host, options, callback) => {
          const family = isIP(address);
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        }
      : undefined;
    return new Promise((resolve) => {
      let settled = false;
      /** The whole request was handed to the connection: from then on the receiver may have it. */
      let written = false;
      const sent = () => (written ? { requestSent: true as const } : {});
      const settle = (answer: OutboundAnswer & { staleConnection?: true }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const outgoing = request(
        target,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': this.userAgent,
          },
          lookup,
          agent: this.agent,
        },
        (answer) => {
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) answer.destroy();
          });
          const done = () => settle(toAnswer(answer.statusCode ?? 0, answer.headers.location));
          answer.on('end', done);
          answer.on('close', done);
          answer.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        settle({ statusCode: null, error: `No answer within ${this.config.timeoutMs} ms`, ...sent() });
        outgoing.destroy();
      }, this.config.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        settle({
          statusCode: null,
          error: `Connection failed: ${error.code ?? error.message}`,
          ...sent(),
          ...(outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
            ? { staleConnection: true as const }
            : {}),
        }),
      );
      outgoing.on('finish', () => (written = true));
      outgoing.end(body);
    });
  }
}

function toAnswer(statusCode: number, location: string | undefined): OutboundAnswer {
  if (statusCode >= 200 && statusCode < 300) return { statusCode, error: null };
  if (statusCode >= 300 && statusCode < 400)
    return { statusCode, error: `Redirect not followed${location ? ` (to ${location.slice(0, 200)})` : ''}` };
  return { statusCode, error: `HTTP ${statusCode}` };
}
