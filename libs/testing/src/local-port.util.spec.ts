import { createServer } from 'node:net';
import { ephemeralPortsFrom, freePort } from './local-port.util';

describe('freePort', () => {
  it('gives a port below the range of outgoing connections that a server can listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(ephemeralPortsFrom());
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('ephemeralPortsFrom', () => {
  it('reads the first port of ip_local_port_range', () => {
    expect(ephemeralPortsFrom('32768\t60999\n')).toBe(32_768);
    expect(ephemeralPortsFrom('49152 65535')).toBe(49_152);
  });

  it('falls back to 32768 for a range it cannot use', () => {
    expect(ephemeralPortsFrom('')).toBe(32_768);
    expect(ephemeralPortsFrom('1024 65535')).toBe(32_768);
  });
});
