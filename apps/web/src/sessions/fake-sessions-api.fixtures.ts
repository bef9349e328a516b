// Used by this domain's specs only.
import type { SessionSummary } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import type { Answer } from '../../test/render-app.util';
import { SESSIONS_PATH } from './sessions.api';

export const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
export const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** This browser's session, and two others, newest first as the API lists them. */
export const THIS_BROWSER: SessionSummary = {
  id: '6f1c1b9e-8a55-4c7e-9d3a-0b6f2a4e7c11',
  signedInAt: '2025-05-01T09:30:00.000Z',
  lastSeenAt: '2025-05-01T10:15:00.000Z',
  address: '203.0.113.7',
  userAgent: CHROME_ON_ANDROID,
  current: true,
};
export const LAPTOP: SessionSummary = {
  id: '0d5e7a3c-2b14-4f6a-8c9e-5a7b3d1f2e22',
  signedInAt: '2025-04-28T17:02:00.000Z',
  lastSeenAt: '2025-04-30T08:44:00.000Z',
  address: '198.51.100.23',
  userAgent: FIREFOX_ON_LINUX,
  current: false,
};
export const PHONE: SessionSummary = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c33',
  signedInAt: '2025-04-20T06:12:00.000Z',
  lastSeenAt: '2025-04-21T22:05:00.000Z',
  address: '192.0.2.140',
  userAgent: SAFARI_ON_IPHONE,
  current: false,
};

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });

/**
 * The signed-in browsers of My Account as portal-api answers them for one user: listed, ended one
 * by one (404 for one ended already) or all but the current, only with a bearer token. Other paths
 * are not its: it answers undefined.
 */
export class FakeSessionsApi {
  sessions: SessionSummary[] = [THIS_BROWSER, LAPTOP, PHONE];
  /** The Authorization header of each request it was sent. */
  readonly bearers: Array<string | undefined> = [];
  /** Each request it was sent, as 'METHOD path' after the sessions path ('GET /', 'POST /{id}/end'). */
  readonly requests: string[] = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;

  readonly answer: Answer = (path, init) => {
    if (path !== SESSIONS_PATH && !path.startsWith(`${SESSIONS_PATH}/`)) return undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    this.bearers.push(authorization);
    if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing session token');
    const request = `${init?.method ?? 'GET'} ${path.slice(SESSIONS_PATH.length) || '/'}`;
    this.requests.push(request);
    const refused = this.refuse(request);
    if (refused) return refused;

    if (request === 'GET /') return jsonResponse(200, 'OK', this.sessions);
    if (request === 'POST /end-others') {
      const others = this.sessions.filter((session) => !session.current);
      this.sessions = this.sessions.filter((session) => session.current);
      return jsonResponse(200, 'OK', { ended: others.length });
    }
    const ended = /^POST \/([^/]+)\/end$/.exec(request);
    if (ended) {
      const id = decodeURIComponent(ended[1]);
      if (!this.sessions.some((session) => session.id === id)) return refusal(404, 'Not Found', 'Session not found');
      this.sessions = this.sessions.filter((session) => session.id !== id);
      return jsonResponse(200, 'OK', {});
    }
    return refusal(404, 'Not Found', 'no route');
  };
}
