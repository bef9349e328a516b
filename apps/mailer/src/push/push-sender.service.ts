import { Inject, Injectable } from '@nestjs/common';
import { generateRequestDetails } from 'web-push';
import type { PushMessage } from '@app/contracts';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import type { PushTarget } from './push-devices.repository';
import { PushHttp } from './push-http.service';

/** What a push service answered, as the handlers act on it. */
export type PushOutcome =
  | { outcome: 'accepted' }
  /** 404 or 410: the subscription is gone for good (RFC 8030 §7.3): the device is removed. */
  | { outcome: 'gone'; reason: string }
  /** No later try can do better (a refused address, a push the service rejects as malformed or too large). */
  | { outcome: 'rejected'; reason: string }
  /** Later may do better (the service busy or away, a timeout); `mayHaveBeenAccepted`: the push may have arrived. */
  | { outcome: 'retry'; reason: string; mayHaveBeenAccepted: boolean };

/**
 * Sends one push (RFC 8030): the message encrypted for the device's keys (RFC 8291, aes128gcm) and
 * signed with the portal's VAPID key (RFC 8292) by the `web-push` package, posted over PushHttp (the
 * address checked like a webhook's). `urgent`: a fire, which the push service delivers at once even
 * to a device saving its battery (Urgency: high).
 */
@Injectable()
export class PushSender {
  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly http: PushHttp,
  ) {}

  get enabled(): boolean {
    return this.config.push.vapid !== null;
  }

  async send(target: PushTarget, message: PushMessage, urgent: boolean): Promise<PushOutcome> {
    const { vapid, subject, ttlSeconds } = this.config.push;
    if (!vapid) return { outcome: 'rejected', reason: 'Push is not set up on this portal (no VAPID keys)' };
    let request: ReturnType<typeof generateRequestDetails>;
    try {
      request = generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: ttlSeconds,
          urgency: urgent ? 'high' : 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Keys a browser gave that do not make a P-256 point: no try can encrypt for them.
      return { outcome: 'rejected', reason: `The device's keys are not usable: ${(error as Error).message}` };
    }
    // PushHttp sets the length itself.
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const answer = await this.http.post(request.endpoint, headers, request.body as Buffer);
    if (answer.error === null) return { outcome: 'accepted' };
    const status = answer.statusCode;
    if (status === 404 || status === 410) return { outcome: 'gone', reason: answer.error };
    if ('permanent' in answer && answer.permanent) return { outcome: 'rejected', reason: answer.error };
    if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429)
      return { outcome: 'rejected', reason: answer.error };
    // No answer at all after the request went out: the service may have taken it. One that never
    // left (no address, no connection) cannot have been.
    return {
      outcome: 'retry',
      reason: answer.error,
      mayHaveBeenAccepted: status === null && answer.requestSent === true,
    };
  }
}
