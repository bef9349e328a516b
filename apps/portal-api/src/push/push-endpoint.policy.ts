import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { PUSH_MESSAGES } from '@app/contracts';
import { DomainError, resolveOutboundTarget, urlHost } from '@app/platform';
import { PushConfig } from './push.config';

/** The browser's keys: an uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret, base64url. */
function decodedLength(value: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/**
 * What a device's push subscription may be: an https:// push service address without credentials,
 * whose host is not a loopback, private or link-local address unless PUSH_ALLOWED_TARGETS allows it
 * (the mailer posts to it, and checks again at each try), and keys a push can be encrypted for.
 */
@Injectable()
export class PushEndpointPolicy {
  constructor(private readonly config: PushConfig) {}

  async check(raw: { endpoint: string; p256dh: string; auth: string }): Promise<string> {
    const text = raw.endpoint.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
    }
    if (url.protocol !== 'https:' || url.username || url.password || url.hash)
      throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
    const p256dh = Buffer.from(raw.p256dh, 'base64url');
    if (decodedLength(raw.p256dh) !== 65 || p256dh[0] !== 4 || decodedLength(raw.auth) !== 16)
      throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
    const host = urlHost(url);
    const target = await resolveOutboundTarget(host, this.config.allowedTargets);
    if (!target.ok && target.why === 'refused') throw new DomainError('invalid', PUSH_MESSAGES.endpointPrivate);
    if (!target.ok && isIP(host) !== 0) throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
    return url.toString();
  }
}
