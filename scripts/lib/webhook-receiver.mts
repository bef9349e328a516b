// The demo's webhook receiver for `npm start`: an HTTPS server on 127.0.0.1, under a self-signed
// certificate made at each start (the apps trust it through WEBHOOK_CA_FILE), that checks each
// message with the Standard Webhooks library, as a real receiver would, and prints one line for it.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import type { ChildService } from './local-services.mts';

/** More than any message the portal sends: a bigger body is cut off, not buffered. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookReceiver {
  /** e.g. https://127.0.0.1:41234 */
  origin: string;
  /** The certificates the apps are to trust (WEBHOOK_CA_FILE): this receiver's, and any given before. */
  caFile: string;
  /** The address a site's webhook is set to: one path per site, so that its secret is known by the path. */
  urlFor(hwaddr: string): string;
  /** Checks the site's messages with `secret` from now on (the API's answer when its webhook was set). */
  trust(hwaddr: string, secret: string): void;
  service: ChildService;
}

/** A certificate for 127.0.0.1 and localhost, valid for a year, in `folder` (its key readable by this user only). */
async function makeCertificate(folder: string): Promise<{ cert: string; key: string; certFile: string }> {
  mkdirSync(folder, { recursive: true });
  const certFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'];
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile];
  await promisify(execFile)('openssl', ['req', '-x509', ...key, '-days', '365', ...subject, '-out', certFile]);
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}

/** One line per message: when, its id, its type, its site, and whether its signature held. */
function describe(id: string, body: string, verified: boolean, why: string): string {
  let type = '?';
  let site = '?';
  try {
    const payload = JSON.parse(body) as { type?: string; data?: { hwaddr?: string } };
    type = payload.type ?? '?';
    site = payload.data?.hwaddr ?? '?';
  } catch {
    // not JSON: said by the verification's failure
  }
  const outcome = verified ? 'verified' : `NOT verified (${why})`;
  return `${new Date().toISOString()} ${id || '(no webhook-id)'} ${type} site ${site} ${outcome}`;
}

/**
 * Starts the receiver on a free port of 127.0.0.1, its certificate in `folder`; `alsoTrusted`, a
 * WEBHOOK_CA_FILE set already, stays trusted beside it. Answers 200 to a verified message, 401
 * otherwise (the mailer then tries again, as with a real receiver).
 */
export async function startWebhookReceiver(
  folder: string,
  log: (line: string) => void,
  alsoTrusted?: string,
): Promise<WebhookReceiver> {
  const { cert, key, certFile } = await makeCertificate(folder);
  let caFile = certFile;
  if (alsoTrusted) {
    caFile = join(folder, 'trusted.pem');
    writeFileSync(caFile, `${readFileSync(alsoTrusted, 'utf8').trimEnd()}\n${cert}`);
  }
  const secrets = new Map<string, string>();

  async function take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) break;
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => String(request.headers[name] ?? '');
    const secret = secrets.get(request.url ?? '/');
    let why = '';
    try {
      if (!secret) throw new Error(`no secret known for ${request.url}`);
      new Webhook(secret).verify(body, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      });
    } catch (error) {
      why = (error as Error).message;
    }
    log(describe(header('webhook-id'), body, why === '', why));
    response.writeHead(why === '' ? 200 : 401).end();
  }

  const server = createServer({ cert, key }, (request, response) => {
    take(request, response).catch(() => response.destroy());
  });
  server.on('error', (error: Error) => log(`webhook receiver: ${error.message}`));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    origin,
    caFile,
    urlFor: (hwaddr) => `${origin}/sites/${hwaddr}`,
    trust: (hwaddr, secret) => void secrets.set(`/sites/${hwaddr}`, secret),
    service: { name: 'webhook receiver', stop, kill: () => void server.close() },
  };
}
