// `npm start`'s VAPID key pair (docs/push.md) when none is configured: made once and kept in the data
// folder (readable by this user only), because browsers' push subscriptions are bound to the public
// key: a new pair at each start would silence every device that turned push on.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/** The pair kept in `dataDir`, made there the first time. */
export function localVapidKeys(dataDir: string): VapidKeyPair {
  const file = join(dataDir, 'web-push-vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeyPair>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const made = webPush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
}

/** The apps' push variables: those configured, else the local pair's. */
export function vapidEnvironment(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  if (env.WEB_PUSH_VAPID_PUBLIC_KEY || env.WEB_PUSH_VAPID_PRIVATE_KEY) return {};
  const keys = localVapidKeys(dataDir);
  return { WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey };
}
