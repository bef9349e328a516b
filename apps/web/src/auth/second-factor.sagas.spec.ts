import { AUTH_STORAGE_KEY, TWO_FACTOR_MESSAGES } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { requestFailed, requestIdle } from '../shared/request-status';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { authStarted, loginRequested, secondFactorEnded, secondFactorRequested } from './auth.slice';

const issuer = 'fire-alarm-portal-api';
const CHALLENGE = tokenWith({ iss: issuer, typ: 'second-factor', exp: inOneHour() });
const GOOD_CODE = '492039';

/** The login's second step through the real store, reducers and sagas; only fetch is replaced. */
describe('second-factor sagas', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;
  const session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' });
  /** What POST /api/v2/auth/second-factor answers next. */
  let verifyAnswer: () => Response;

  beforeEach(async () => {
    window.localStorage.clear();
    verifyAnswer = () => jsonResponse(200, 'OK', { token: session });
    fetchMock = installFetchMock();
    fetchMock.mockImplementation(async (input) => {
      switch (String(input)) {
        case '/api/config':
          return jsonResponse(200, 'OK', { issuer });
        case '/api/auth/login':
          return jsonResponse(200, 'OK', { secondFactor: 'totp', challenge: CHALLENGE });
        case '/api/v2/auth/second-factor':
          return verifyAnswer();
        default:
          return new Promise<Response>(() => undefined);
      }
    });
    app = createAppStore();
    app.store.dispatch(authStarted());
    await waitForState(app.store, (state) => state.auth.ready);
  });

  afterEach(() => app.rootTask.cancel());

  const challenged = () => {
    app.store.dispatch(loginRequested({ email: 'erin@example.com', password: 'right one' }));
    return waitForState(app.store, (state) => state.auth.secondFactor !== null);
  };
  const verify = (code: string) => {
    app.store.dispatch(secondFactorRequested({ code }));
    expect(app.store.getState().auth.secondFactor?.status.pending).toBe(true);
    return waitForState(app.store, (state) => !state.auth.secondFactor?.status.pending);
  };
  const verifyCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v2/auth/second-factor');

  it('holds the challenge instead of a session, then signs in with the code as a login does', async () => {
    const step = await challenged();
    expect(step.auth).toMatchObject({
      session: null,
      forms: { login: requestIdle },
      secondFactor: { challenge: CHALLENGE, status: requestIdle },
    });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();

    app.store.dispatch(secondFactorRequested({ code: GOOD_CODE }));
    const signedIn = await waitForState(app.store, (state) => state.auth.forms.login.done);
    expect(signedIn.auth.session).toBe(session);
    expect(signedIn.auth.secondFactor).toBeNull();
    expect(signedIn.auth.forms.login.done).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({ session });
    const [[, init]] = verifyCalls();
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: CHALLENGE, code: GOOD_CODE });
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("keeps the step with the server's err for a wrong code or too many tries", async () => {
    await challenged();
    verifyAnswer = () => jsonResponse(401, 'Unauthorized', { err: TWO_FACTOR_MESSAGES.wrongCode });
    let state = await verify('000000');
    expect(state.auth.secondFactor).toEqual({
      challenge: CHALLENGE,
      status: requestFailed(TWO_FACTOR_MESSAGES.wrongCode),
    });
    expect(state.auth.session).toBeNull();

    verifyAnswer = () => jsonResponse(429, 'Too Many Requests', { err: 'Too many attempts: try again in a minute' });
    state = await verify('111111');
    expect(state.auth.secondFactor?.status.error).toBe('Too many attempts: try again in a minute');

    verifyAnswer = () => jsonResponse(200, 'OK', { token: session });
    expect((await verify(GOOD_CODE)).auth.session).toBe(session);
  });

  it('goes back to the e-mail/password form with the message when the challenge expired', async () => {
    await challenged();
    verifyAnswer = () => jsonResponse(401, 'Unauthorized', { err: TWO_FACTOR_MESSAGES.challengeExpired });
    app.store.dispatch(secondFactorRequested({ code: GOOD_CODE }));
    const state = await waitForState(app.store, (current) => current.auth.secondFactor === null);
    expect(state.auth.forms.login.error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(state.auth.session).toBeNull();
  });

  it('goes back on Back, with nothing sent', async () => {
    await challenged();
    app.store.dispatch(secondFactorEnded(null));
    expect(app.store.getState().auth.secondFactor).toBeNull();
    expect(app.store.getState().auth.forms.login).toEqual(requestIdle);
    expect(verifyCalls()).toEqual([]);
  });
});
