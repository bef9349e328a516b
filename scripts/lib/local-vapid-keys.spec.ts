import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localVapidKeys, vapidEnvironment } from './local-vapid-keys.ts';

describe("npm start's VAPID keys", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vapid-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes a P-256 pair once, keeps it for this user only, and gives the same pair at the next start', () => {
    const environment = vapidEnvironment({}, dataDir);
    const publicKey = Buffer.from(environment.WEB_PUSH_VAPID_PUBLIC_KEY!, 'base64url');
    expect([publicKey.length, publicKey[0]]).toEqual([65, 4]);
    expect(Buffer.from(environment.WEB_PUSH_VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    expect(statSync(join(dataDir, 'web-push-vapid.json')).mode & 0o777).toBe(0o600);
    expect(localVapidKeys(dataDir)).toEqual({
      publicKey: environment.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKey: environment.WEB_PUSH_VAPID_PRIVATE_KEY,
    });
  });

  it('leaves configured keys alone', () => {
    expect(vapidEnvironment({ WEB_PUSH_VAPID_PUBLIC_KEY: 'configured' }, dataDir)).toEqual({});
  });
});
