import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { WEBHOOK_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from '@app/contracts';
import { DomainError, resolveOutboundTarget, urlHost } from '@app/platform';
import { WebhooksConfig } from './webhooks.config';

/**
 * Which receivers a site's webhook may name: an https:// address without credentials, whose host
 * is not a loopback, private or link-local address unless WEBHOOK_ALLOWED_TARGETS allows it. A name
 * that resolves nowhere yet is accepted (the receiver may come later); the mailer checks again at
 * each try, on the address it connects to.
 */
@Injectable()
export class WebhookUrlPolicy {
  constructor(private readonly config: WebhooksConfig) {}

  async check(raw: string): Promise<string> {
    const text = raw.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new DomainError('invalid', WEBHOOK_MESSAGES.urlInvalid);
    }
    if (url.protocol !== 'https:') throw new DomainError('invalid', WEBHOOK_MESSAGES.urlNotHttps);
    if (url.username || url.password || url.hash || text.length > WEBHOOK_URL_MAX_LENGTH)
      throw new DomainError('invalid', WEBHOOK_MESSAGES.urlInvalid);
    const host = urlHost(url);
    const target = await resolveOutboundTarget(host, this.config.allowedTargets);
    if (!target.ok && target.why === 'refused') throw new DomainError('invalid', WEBHOOK_MESSAGES.urlPrivate);
    if (!target.ok && isIP(host) !== 0) throw new DomainError('invalid', WEBHOOK_MESSAGES.urlInvalid);
    return url.toString();
  }
}
