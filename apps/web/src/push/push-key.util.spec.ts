import { VAPID_PUBLIC_KEY } from '../../test/fake-push-api.util';
import { applicationServerKey } from './push-key.util';

describe('applicationServerKey', () => {
  it("reads the portal's base64url VAPID key as the 65 bytes of an uncompressed P-256 point", () => {
    const key = applicationServerKey(VAPID_PUBLIC_KEY);
    expect(key).toBeInstanceOf(Uint8Array);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it('reads the URL-safe letters and the missing padding', () => {
    // '-' and '_' stand for '+' and '/'; 'A-_w' is 0x03 0xef 0xf0, 'A-8' two bytes without its '='.
    expect([...applicationServerKey('A-_w')]).toEqual([0x03, 0xef, 0xf0]);
    expect([...applicationServerKey('A-8')]).toEqual([0x03, 0xef]);
  });
});
