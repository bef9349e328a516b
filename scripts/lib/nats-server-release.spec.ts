import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_SERVER_RELEASE } from './nats-cluster.ts';
import { arMember } from './nats-server-release.ts';

/** An `ar` archive of the given members, as Debian packages are made. */
function arArchive(members: Record<string, string>): Buffer {
  const parts = [Buffer.from('!<arch>\n', 'latin1')];
  for (const [name, content] of Object.entries(members)) {
    const data = Buffer.from(content, 'latin1');
    const header = `${name}/`.padEnd(16) + '0'.padEnd(12) + '0'.padEnd(6) + '0'.padEnd(6) + '100644'.padEnd(8);
    parts.push(Buffer.from(`${header}${String(data.length).padEnd(10)}\`\n`, 'latin1'), data);
    if (data.length % 2 === 1) parts.push(Buffer.from('\n', 'latin1'));
  }
  return Buffer.concat(parts);
}

describe("the portal's nats-server release", () => {
  it('reads a member of a Debian package after members of odd length', () => {
    const deb = arArchive({ 'debian-binary': '2.0\n', 'control.tar.xz': 'abc', 'data.tar.xz': 'the data' });
    expect(arMember(deb, /^data\.tar\.xz$/).toString('latin1')).toBe('the data');
    expect(arMember(deb, /^control\.tar\.xz$/).toString('latin1')).toBe('abc');
  });

  it('refuses what is not a package, a cut one, and one without the member', () => {
    expect(() => arMember(Buffer.from('PK\u0003\u0004 not an ar archive'), /data/)).toThrow('not a Debian package');
    const deb = arArchive({ 'data.tar.xz': 'the data' });
    expect(() => arMember(deb.subarray(0, deb.length - 3), /data/)).toThrow('a damaged Debian package');
    expect(() => arMember(deb, /^data\.tar\.zst$/)).toThrow('no member');
  });

  it('is the version the manifests and the compose files deploy', () => {
    const root = join(__dirname, '..', '..');
    const images = [
      'deploy/base/nats/nats.statefulset.yaml',
      'docker-compose.yml',
      'docker-compose.cluster.yml',
    ].flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/image:\s*"?(nats:[^\s"]+)/g)].map((match) => ({
        file,
        image: match[1],
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const { file, image } of images)
      expect({ file, version: /^nats:(\d+\.\d+\.\d+)/.exec(image)?.[1] }).toEqual({
        file,
        version: NATS_SERVER_RELEASE.version,
      });
    // The package named is the release's.
    expect(NATS_SERVER_RELEASE.debianPackage.startsWith(`nats-server_${NATS_SERVER_RELEASE.version}-`)).toBe(true);
  });
});
