// Used by this domain's specs only.
import type { AccountActivity } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import type { Answer } from '../../test/render-app.util';
import { ACCOUNT_ACTIVITY_PATH } from './account-activity.api';

export const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** One entry of each kind, newest first as the API lists them; the oldest two from an unknown address. */
export const TWO_FACTOR_OFF: AccountActivity = {
  at: '2025-05-02T08:15:00.000Z',
  kind: 'two-factor-off',
  address: '203.0.113.7',
  detail: '',
};
export const RECOVERY_CODE_USED: AccountActivity = {
  at: '2025-05-02T08:14:30.000Z',
  kind: 'recovery-code-used',
  address: '203.0.113.7',
  detail: '7',
};
export const SESSION_ENDED: AccountActivity = {
  at: '2025-05-01T18:40:00.000Z',
  kind: 'session-ended',
  address: '198.51.100.23',
  detail: FIREFOX_ON_LINUX,
};
export const OTHER_SESSIONS_ENDED: AccountActivity = {
  at: '2025-04-30T12:00:00.000Z',
  kind: 'other-sessions-ended',
  address: '192.0.2.140',
  detail: '2',
};
export const TWO_FACTOR_ON: AccountActivity = {
  at: '2025-04-29T07:05:09.000Z',
  kind: 'two-factor-on',
  address: '',
  detail: '',
};
export const PASSWORD_RESET: AccountActivity = {
  at: '2025-04-28T21:30:00.000Z',
  kind: 'password-reset',
  address: '',
  detail: '',
};

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });

/**
 * The account activity of My Account as portal-api answers it for one user: listed, only with a
 * bearer token. Other paths are not its: it answers undefined.
 */
export class FakeAccountActivityApi {
  activity: AccountActivity[] = [TWO_FACTOR_OFF, RECOVERY_CODE_USED, SESSION_ENDED];
  /** The Authorization header of each request it was sent. */
  readonly bearers: Array<string | undefined> = [];
  /** Answers a request instead of the fake, when it returns one. */
  refuse: () => Response | undefined = () => undefined;

  /** What the server records as a change is made: the newest entry first. */
  record(entry: AccountActivity): void {
    this.activity = [entry, ...this.activity];
  }

  readonly answer: Answer = (path, init) => {
    if (path !== ACCOUNT_ACTIVITY_PATH) return undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    this.bearers.push(authorization);
    if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing session token');
    if ((init?.method ?? 'GET') !== 'GET') return refusal(404, 'Not Found', 'no route');
    return this.refuse() ?? jsonResponse(200, 'OK', this.activity);
  };
}
