// Provides the nats-server release the portal runs (NATS_SERVER_RELEASE): Debian's package of it,
// fetched from Debian's pool once, checked against its pinned SHA-256 and unpacked into
// .data/nats-server/<version>. A Debian package is an `ar` archive whose data.tar.xz holds the
// program: read here, so that no dpkg is needed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NATS_SERVER_RELEASE, RELEASE_NATS_SERVER } from './nats-cluster.ts';

const DEBIAN_POOL = 'http://deb.debian.org/debian/pool/main/n/nats-server';
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** What the portal's tools run: the release, or why not (the installed server is used then). */
export type NatsServerRelease = { ok: true; program: string } | { ok: false; why: string };

/**
 * The release's program, unpacked here first if it is not yet. NATS_SERVER_BIN set: that program,
 * as given. Never throws: a machine without the network keeps its installed server, and is told.
 */
export async function provideNatsServerRelease(): Promise<NatsServerRelease> {
  if (process.env.NATS_SERVER_BIN) return { ok: true, program: process.env.NATS_SERVER_BIN };
  if (existsSync(RELEASE_NATS_SERVER)) return { ok: true, program: RELEASE_NATS_SERVER };
  try {
    const url = `${DEBIAN_POOL}/${NATS_SERVER_RELEASE.debianPackage}`;
    const answer = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!answer.ok) return { ok: false, why: `${url} answered HTTP ${answer.status}` };
    const deb = Buffer.from(await answer.arrayBuffer());
    const sha256 = createHash('sha256').update(deb).digest('hex');
    if (sha256 !== NATS_SERVER_RELEASE.sha256)
      return { ok: false, why: `${url} is not the pinned package (SHA-256 ${sha256})` };
    unpackProgram(deb);
    return { ok: true, program: RELEASE_NATS_SERVER };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
}

/** Unpacks the package's ./usr/sbin/nats-server into a folder of its own, then moves it in whole. */
function unpackProgram(deb: Buffer): void {
  const data = arMember(deb, /^data\.tar\.xz$/);
  const folder = dirname(dirname(dirname(RELEASE_NATS_SERVER)));
  mkdirSync(dirname(folder), { recursive: true });
  const scratch = mkdtempSync(`${folder}.unpacking-`);
  try {
    const tarball = join(scratch, 'data.tar.xz');
    writeFileSync(tarball, data);
    const tar = spawnSync('tar', ['-xJf', tarball, '-C', scratch, './usr/sbin/nats-server'], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`tar could not unpack the package: ${tar.stderr.trim()}`);
    rmSync(tarball);
    // Another run that unpacked it meanwhile wins; its copy is the same.
    if (!existsSync(folder)) renameSync(scratch, folder);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One member of an `ar` archive: "!<arch>\n", then per member a 60-byte header and its data (padded to even). */
export function arMember(archive: Buffer, name: RegExp): Buffer {
  if (archive.subarray(0, 8).toString('latin1') !== '!<arch>\n') throw new Error('not a Debian package');
  let offset = 8;
  while (offset + 60 <= archive.length) {
    const header = archive.subarray(offset, offset + 60).toString('latin1');
    const memberName = header.slice(0, 16).trim().replace(/\/$/, '');
    const size = Number(header.slice(48, 58).trim());
    const start = offset + 60;
    if (!Number.isSafeInteger(size) || start + size > archive.length) throw new Error('a damaged Debian package');
    if (name.test(memberName)) return archive.subarray(start, start + size);
    offset = start + size + (size % 2);
  }
  throw new Error(`the package has no member ${name.source}`);
}
