// A local SMTP server for `npm start`: every mail the portal sends lands as an .eml file in a
// folder a person can open (any mail client reads .eml), instead of leaving the machine.
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { ChildService } from './local-services.mts';

export interface MailSink {
  port: number;
  folder: string;
  service: ChildService;
}

/** Starts the sink on 127.0.0.1 (a free port, no authentication, no TLS). */
export async function startMailSink(folder: string, log: (message: string) => void): Promise<MailSink> {
  mkdirSync(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'local mail sink of npm start',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const time = new Date().toISOString().replace(/[:.]/g, '-');
        const file = join(folder, `${time}-${session.id}-${++count}.eml`);
        try {
          writeFileSync(file, Buffer.concat(chunks));
        } catch (error) {
          callback(error as Error);
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
        log(`mail to ${recipients} saved in ${file}`);
        callback();
      });
    },
  });
  server.on('error', (error: Error) => log(`mail sink: ${error.message}`));
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  log(`mail sink listening on 127.0.0.1:${port}; every mail sent is saved in ${folder}`);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, folder, service: { name: 'mail sink', stop, kill: () => void server.server.close() } };
}
