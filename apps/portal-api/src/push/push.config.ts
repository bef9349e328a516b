import { readVapidPublicKey } from '@app/config';
import { readAllowedTargets, type AllowedTargets } from '@app/platform';

type Env = Record<string, string | undefined>;

/** What portal-api needs of push (docs/push.md): the key browsers subscribe with, and which push services it accepts. */
export class PushConfig {
  constructor(
    /** WEB_PUSH_VAPID_PUBLIC_KEY; null: push is not set up. */
    readonly publicKey: string | null,
    /** Loopback, private and link-local push services accepted anyway (PUSH_ALLOWED_TARGETS, as the mailer reads it). */
    readonly allowedTargets: AllowedTargets,
  ) {}
}

export function readPushConfig(source: Env = process.env): PushConfig {
  return new PushConfig(readVapidPublicKey(source), readAllowedTargets('PUSH_ALLOWED_TARGETS', source));
}
