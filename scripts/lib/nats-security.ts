// nats-server configuration for a user per app and TLS (docs/security.md, "NATS"): the text of the
// `authorization` block from each app's permissions (natsPermissions of @app/contracts computes them;
// the committed scripts/nats/authorization.conf is its output for a deployment without prefix), the
// `tls` blocks for clients and routes, and a throwaway CA and server certificate made with openssl.
// Node's modules only and no syntax Node cannot strip: `npm run cluster` runs it as it is.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An app's user as the servers know it. */
export interface NatsServerUser {
  user: string;
  /** The password itself, or the environment variable the server reads it from (`$NAME` in the file). */
  password: { literal: string } | { variable: string };
  permissions: { publish: string[]; subscribe: string[]; allowResponses: boolean };
}

/** The variable a server reads app `app`'s password from: NATS_PORTAL_API_PASSWORD and the like. */
export function natsPasswordVariable(app: string): string {
  return `NATS_${app.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
}

/**
 * A password nats-server reads the same from a file or an environment variable: letters and digits
 * (a value of digits only would be read as a number, one with spaces would not be read at all).
 */
export function natsDevPassword(): string {
  return `pw${randomBytes(18).toString('hex')}`;
}

const quoted = (text: string) => JSON.stringify(text);

function list(items: string[], indent: string): string {
  return `[\n${items.map((item) => `${indent}  ${quoted(item)}`).join('\n')}\n${indent}]`;
}

/** The `authorization { users = [...] }` block: each user allowed only what its permissions list. */
export function natsAuthorizationConf(users: NatsServerUser[]): string {
  const entries = users.map(({ user, password, permissions }) => {
    const secret = 'literal' in password ? quoted(password.literal) : `$${password.variable}`;
    return [
      '    {',
      `      user: ${quoted(user)}`,
      `      password: ${secret}`,
      '      permissions: {',
      `        publish: { allow: ${list(permissions.publish, '        ')} }`,
      `        subscribe: { allow: ${list(permissions.subscribe, '        ')} }`,
      ...(permissions.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n');
  });
  return `authorization {\n  users = [\n${entries.join('\n')}\n  ]\n}\n`;
}

/** A server's certificate, its key and the CA that signed it (and the other servers'). */
export interface NatsTlsFiles {
  certFile: string;
  keyFile: string;
  caFile: string;
}

function tlsBlock(files: NatsTlsFiles, indent: string, extra: string[] = []): string {
  return [
    `${indent}tls {`,
    `${indent}  cert_file: ${quoted(files.certFile)}`,
    `${indent}  key_file: ${quoted(files.keyFile)}`,
    `${indent}  ca_file: ${quoted(files.caFile)}`,
    ...extra.map((line) => `${indent}  ${line}`),
    `${indent}}`,
  ].join('\n');
}

/**
 * TLS for clients (`tls`) and for the routes between servers (`cluster { tls }`, where each server
 * also shows its certificate to the other: nats-server checks both ends of a route). The cluster's
 * name, address and routes may come from the command line, which nats-server merges with this.
 */
export function natsTlsConf(files: NatsTlsFiles, options: { clusterLines?: string[] } = {}): string {
  const cluster = ['cluster {', ...(options.clusterLines ?? []).map((line) => `  ${line}`), tlsBlock(files, '  '), '}'];
  return `${tlsBlock(files, '', ['timeout: 5'])}\n${cluster.join('\n')}\n`;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * A throwaway CA in `dir` and one certificate signed by it for every server of a cluster on this
 * machine (127.0.0.1 and localhost, for clients and for the routes both ways), valid `days` days.
 */
export function makeNatsCertificates(dir: string, days = 2): NatsTlsFiles {
  mkdirSync(dir, { recursive: true });
  const caFile = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca-key.pem');
  const certFile = join(dir, 'server.pem');
  const keyFile = join(dir, 'server-key.pem');
  const request = join(dir, 'server.csr');
  const extensions = join(dir, 'server.ext');
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-days',
    String(days),
    '-subj',
    '/CN=portal NATS test CA',
    '-keyout',
    caKey,
    '-out',
    caFile,
  ]);
  openssl(['req', ...EC_KEY, '-subj', '/CN=nats', '-keyout', keyFile, '-out', request]);
  writeFileSync(
    extensions,
    [
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      'extendedKeyUsage=serverAuth,clientAuth',
      'keyUsage=digitalSignature,keyEncipherment',
      'basicConstraints=CA:FALSE',
    ].join('\n'),
  );
  openssl([
    'x509',
    '-req',
    '-in',
    request,
    '-CA',
    caFile,
    '-CAkey',
    caKey,
    '-CAcreateserial',
    '-days',
    String(days),
    '-extfile',
    extensions,
    '-out',
    certFile,
  ]);
  return { certFile, keyFile, caFile };
}

/**
 * The configuration of a cluster on this machine as production runs it (`npm run cluster`): the
 * committed authorization block (`authorization`, its passwords read from NATS_<APP>_PASSWORD),
 * TLS for clients and routes with a CA and certificate kept in `dir`/tls (made once), and `extra`
 * (e.g. the JetStream sync setting). Returns the configuration file and the TLS files.
 */
export function writeLocalClusterConf(
  dir: string,
  authorization: string,
  extra = '',
): { confFile: string; tls: NatsTlsFiles } {
  const tlsDir = join(dir, 'tls');
  const tls = existsSync(join(tlsDir, 'server.pem'))
    ? { certFile: join(tlsDir, 'server.pem'), keyFile: join(tlsDir, 'server-key.pem'), caFile: join(tlsDir, 'ca.pem') }
    : makeNatsCertificates(tlsDir, 365);
  const confFile = join(dir, 'nats.conf');
  writeFileSync(confFile, `${extra}\n${authorization}\n${natsTlsConf(tls)}`);
  return { confFile, tls };
}
