import { getStatusBlock, pulseRelayBlock, readStatus, setOutputBlock } from './relay-commands.util';
import { decryptFrame, encryptFrame, relayKey } from './relay-frame.util';

const key = relayKey('This MUST be 32 characters long.');

describe('AES Binary frames', () => {
  it('put the IV before the ciphertext and decrypt back to the block', () => {
    const block = pulseRelayBlock(1, 5000, Buffer.from([1, 2, 3, 4]));
    const frame = encryptFrame(key, block);
    expect(frame).toHaveLength(32);
    expect(decryptFrame(key, frame)).toEqual(block);
  });

  it('lay out the commands as the vendor example does', () => {
    expect(pulseRelayBlock(1, 5000, Buffer.from([0xa, 0xb, 0xc, 0xd])).toString('hex')).toBe(
      '310101000013880000000000' + '0a0b0c0d',
    );
    expect(setOutputBlock(3, true, Buffer.from([1, 2, 3, 4])).toString('hex')).toBe(
      '320301000000000000000000' + '01020304',
    );
    expect(getStatusBlock().toString('hex')).toBe('30'.padEnd(32, '0'));
  });

  it('never start the wire with a command byte, so a board in plain Binary mode executes nothing', () => {
    for (let i = 0; i < 500; i += 1) {
      const first = encryptFrame(key, getStatusBlock())[0];
      expect(first < 0x30 || first > 0x39).toBe(true);
    }
  });

  it('read a status reply and refuse junk from a wrong key', () => {
    const reply = Buffer.from('23040204' + '0e7d010b' + '00000000' + 'cafebabe', 'hex');
    expect(readStatus(reply)).toEqual({
      status: {
        moduleID: 35,
        firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } },
        voltage: 12.5,
        temp: 26.7,
      },
      nonce: Buffer.from('cafebabe', 'hex'),
    });
    const wrongKey = relayKey('x'.repeat(32));
    expect(readStatus(decryptFrame(wrongKey, encryptFrame(key, reply)))).toBeNull();
  });

  it('refuse a password that is not 32 characters', () => {
    expect(() => relayKey('short')).toThrow('exactly 32 characters');
  });
});
