import { generateVAPIDKeys } from 'web-push';
import { readVapidKeys, readVapidPublicKey } from './vapid-keys.config';

describe('VAPID keys', () => {
  const keys = generateVAPIDKeys();
  const both = { WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey };

  it('reads a key pair as web-push generates it', () => {
    expect(readVapidKeys(both)).toEqual(keys);
    expect(readVapidPublicKey(both)).toBe(keys.publicKey);
  });

  it('is not set up when neither key is given', () => {
    expect(readVapidKeys({})).toBeNull();
    expect(readVapidPublicKey({ WEB_PUSH_VAPID_PUBLIC_KEY: ' ' })).toBeNull();
  });

  it('names the variable that is missing or malformed', () => {
    expect(() => readVapidKeys({ WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'WEB_PUSH_VAPID_PRIVATE_KEY is required',
    );
    expect(() => readVapidKeys({ WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      'WEB_PUSH_VAPID_PUBLIC_KEY is required',
    );
    expect(() => readVapidKeys({ ...both, WEB_PUSH_VAPID_PUBLIC_KEY: keys.privateKey })).toThrow(
      'WEB_PUSH_VAPID_PUBLIC_KEY must be a base64url P-256 public key',
    );
    expect(() => readVapidKeys({ ...both, WEB_PUSH_VAPID_PRIVATE_KEY: 'not/base64url' })).toThrow(
      'WEB_PUSH_VAPID_PRIVATE_KEY must be a base64url P-256 private key',
    );
  });
});
