import { createServer } from 'node:net';
import { ephemeralPortsFrom, freePort, portBand, TEST_PORT_BANDS } from './local-port.util';

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

describe('portBand', () => {
  const range = { from: 10_000, to: 32_768 };

  it('is the whole range outside a test worker', () => {
    expect(portBand(range, {})).toEqual(range);
  });

  it('gives each worker of each lane a band of its own, all inside the range', () => {
    const bands = [];
    for (const offset of ['0', '4'])
      for (const worker of ['1', '2', '3', '4'])
        bands.push(portBand(range, { JEST_WORKER_ID: worker, TEST_PORT_BAND_OFFSET: offset }));
    expect(bands).toHaveLength(TEST_PORT_BANDS);
    const sorted = [...bands].sort((a, b) => a.from - b.from);
    expect(sorted[0].from).toBe(range.from);
    expect(sorted[sorted.length - 1].to).toBeLessThanOrEqual(range.to);
    for (let index = 1; index < sorted.length; index++)
      expect(sorted[index].from).toBeGreaterThanOrEqual(sorted[index - 1].to);
  });

  it('takes a bad offset as none', () => {
    expect(portBand(range, { JEST_WORKER_ID: '2', TEST_PORT_BAND_OFFSET: 'x' })).toEqual(
      portBand(range, { JEST_WORKER_ID: '2' }),
    );
  });
});
