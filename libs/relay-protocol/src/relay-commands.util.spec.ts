import { RELAY_PULSE_MAX_SECONDS } from '@app/contracts';
import { COMMAND } from './relay-protocol.constants';
import { pulseRelayBlock } from './relay-commands.util';

const INT32_MAX = 2 ** 31 - 1;
const nonce = Buffer.from([1, 2, 3, 4]);

describe('pulseRelayBlock', () => {
  it('holds pulses to the most whole seconds whose milliseconds fit a signed 32-bit number', () => {
    expect(RELAY_PULSE_MAX_SECONDS * 1000).toBeLessThanOrEqual(INT32_MAX);
    expect((RELAY_PULSE_MAX_SECONDS + 1) * 1000).toBeGreaterThan(INT32_MAX);
  });

  it('encodes the longest pulse as a positive signed 32-bit count of milliseconds, as the firmware reads it', () => {
    const block = pulseRelayBlock(2, RELAY_PULSE_MAX_SECONDS * 1000, nonce);

    expect([...block.subarray(0, 3)]).toEqual([COMMAND.setRelay, 2, 1]);
    expect(block.readInt32BE(3)).toBe(2_147_483_000);
    expect(block.subarray(12)).toEqual(nonce);
  });

  it('refuses a pulse the board would read as negative (and latch the relay on), or one that is not whole ms', () => {
    expect(() => pulseRelayBlock(1, (RELAY_PULSE_MAX_SECONDS + 1) * 1000, nonce)).toThrow(RangeError);
    expect(() => pulseRelayBlock(1, 4_294_967_000, nonce)).toThrow(
      'A relay pulse of 4294967000 ms is out of range: the boards take 0 to 2147483000 ms (2147483 s)',
    );
    expect(() => pulseRelayBlock(1, -1000, nonce)).toThrow(RangeError);
    expect(() => pulseRelayBlock(1, 1.5, nonce)).toThrow(RangeError);
  });
});
