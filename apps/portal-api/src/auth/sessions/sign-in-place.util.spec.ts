import type { Request } from 'express';
import { clientAddress, signInPlace } from './sign-in-place.util';

const request = (ip: string | undefined, userAgent?: string) =>
  ({ ip, headers: userAgent === undefined ? {} : { 'user-agent': userAgent } }) as unknown as Request;

describe('where a sign-in came from', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8::1'],
    ['::1', '::1'],
    [undefined, ''],
  ])('writes the address %j as %j', (ip, written) => {
    expect(clientAddress(request(ip))).toBe(written);
  });

  it('keeps at most 256 characters of the user agent, and none when there is none', () => {
    expect(signInPlace(request('::ffff:10.0.0.2', 'x'.repeat(300)))).toEqual({
      address: '10.0.0.2',
      userAgent: 'x'.repeat(256),
    });
    expect(signInPlace(request('10.0.0.2')).userAgent).toBe('');
  });
});
