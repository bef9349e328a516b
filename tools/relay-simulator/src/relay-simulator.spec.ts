import { Socket } from 'node:net';
import {
  COMMAND,
  COMMAND_RANGE,
  decryptFrame,
  encryptFrame,
  getStatusBlock,
  readStatus,
  relayKey,
  setOutputBlock,
} from '@app/relay-protocol';
import { RelaySimulator } from './relay-simulator';

const password = 'This MUST be 32 characters long.';
const key = relayKey(password);

const isCommand = (byte: number): boolean => byte >= COMMAND_RANGE.first && byte <= COMMAND_RANGE.last;

/** Raw bytes to the simulator: one frame out, one frame back. */
async function exchange(port: number, frames: Buffer[]): Promise<Buffer[]> {
  const socket = new Socket();
  await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
  const replies: Buffer[] = [];
  let buffered = Buffer.alloc(0);
  for (const frame of frames) {
    socket.write(frame);
    while (buffered.length < 32)
      buffered = Buffer.concat([buffered, await new Promise<Buffer>((resolve) => socket.once('data', resolve))]);
    replies.push(buffered.subarray(0, 32));
    buffered = buffered.subarray(32);
  }
  socket.destroy();
  return replies;
}

describe('RelaySimulator', () => {
  const simulator = new RelaySimulator({ password });
  let port: number;

  beforeAll(async () => {
    port = await simulator.start();
  });
  afterAll(() => simulator.stop());

  it('acknowledges a switch with a stale nonce but does not make it', async () => {
    const [status] = await exchange(port, [encryptFrame(key, getStatusBlock())]);
    const reading = readStatus(decryptFrame(key, status));
    expect(reading?.status.moduleID).toBe(35);
    const stale = Buffer.from([0, 0, 0, 0]);
    const [reply] = await exchange(port, [encryptFrame(key, setOutputBlock(2, true, stale))]);
    expect(decryptFrame(key, reply).subarray(0, 12)).toEqual(Buffer.alloc(12));
    expect(simulator.switches).toEqual([]);
  });

  it('keeps one nonce for every connection', async () => {
    const [status] = await exchange(port, [encryptFrame(key, getStatusBlock())]);
    const nonce = readStatus(decryptFrame(key, status))!.nonce;
    await exchange(port, [encryptFrame(key, getStatusBlock())]); // another client renews the nonce
    await exchange(port, [encryptFrame(key, setOutputBlock(2, true, nonce))]);
    expect(simulator.ioState(2)).toBe(false);
  });

  it('answers a frame under the wrong key with an encrypted zero block', async () => {
    // A wrong key decrypts to junk whose first byte is a real command about one time in 25, as on a
    // real board; the IV is chosen so that this frame's junk is not one, which keeps the test exact.
    const wrong = relayKey('y'.repeat(32));
    const block = setOutputBlock(2, true, Buffer.alloc(4));
    let frame = encryptFrame(wrong, block, Buffer.alloc(16));
    for (let seed = 1; isCommand(decryptFrame(key, frame)[0]); seed += 1)
      frame = encryptFrame(wrong, block, Buffer.alloc(16, seed));
    const [reply] = await exchange(port, [frame]);
    expect(decryptFrame(key, reply)).toEqual(Buffer.alloc(16));
    expect(simulator.switches).toEqual([]);
  });

  it('reads relays back in the vendor layout', async () => {
    const [status] = await exchange(port, [encryptFrame(key, getStatusBlock())]);
    const nonce = readStatus(decryptFrame(key, status))!.nonce;
    const pulse = Buffer.alloc(16);
    pulse.set([COMMAND.setRelay, 9, 1, 0, 0, 0x27, 0x10]);
    nonce.copy(pulse, 12);
    const [, relays] = await exchange(port, [
      encryptFrame(key, pulse),
      encryptFrame(key, Buffer.from([COMMAND.getRelays, 9, ...Array(14).fill(0)])),
    ]);
    expect([...decryptFrame(key, relays).subarray(0, 5)]).toEqual([1, 0, 0, 1, 0]);
  });

  it('reads the pulse as the firmware does, signed: one over 2^31 - 1 ms latches the relay on', async () => {
    const [status] = await exchange(port, [encryptFrame(key, getStatusBlock())]);
    const nonce = readStatus(decryptFrame(key, status))!.nonce;
    // 2,147,484 s as the board receives it: 2,147,484,000 ms, 0x80000160 big-endian, negative as an int32.
    const pulse = Buffer.alloc(16);
    pulse.set([COMMAND.setRelay, 12, 1]);
    pulse.writeUInt32BE(2_147_484 * 1000, 3);
    nonce.copy(pulse, 12);
    await exchange(port, [encryptFrame(key, pulse)]);

    // The state byte (on) was taken, with no pulse to open the relay again.
    expect(simulator.switches.at(-1)).toEqual({ kind: 'relay', relay: 12, pulseMs: 0, at: expect.any(Date) });
    expect(simulator.relayState(12)).toBe(true);
  });

  it('pulses for the longest pulse whose milliseconds fit a signed 32-bit number', async () => {
    const [status] = await exchange(port, [encryptFrame(key, getStatusBlock())]);
    const nonce = readStatus(decryptFrame(key, status))!.nonce;
    const pulse = Buffer.alloc(16);
    pulse.set([COMMAND.setRelay, 13, 1]);
    pulse.writeUInt32BE(0x7fffffff, 3);
    nonce.copy(pulse, 12);
    await exchange(port, [encryptFrame(key, pulse)]);

    expect(simulator.switches.at(-1)).toEqual({ kind: 'relay', relay: 13, pulseMs: 0x7fffffff, at: expect.any(Date) });
    expect(simulator.relayState(13)).toBe(true);
  });
});
