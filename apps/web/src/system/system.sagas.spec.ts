import { MESSAGES } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady, tokenSet } from '../auth/auth.slice';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import {
  installFetchMock,
  jsonResponse,
  networkFailure,
  textResponse,
  type FetchMock,
} from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { degradedStatus, workingStatus } from './portal-status.fixtures';
import { PORTAL_STATUS_PATH, PORTAL_STATUS_REFRESH_MS } from './system.constants';
import { initialSystemState, portalStatusPollingStarted, portalStatusPollingStopped } from './system.slice';

const issuer = 'fire-alarm-portal-api';

/** The portal's status through the real store, reducers and sagas; only fetch is replaced. */
describe('system saga', () => {
  let fetchMock: FetchMock;
  /** What portal-api answers each GET /api/v2/status, in turn. */
  let statusAnswer: jest.Mock<Promise<Response>, []>;
  let app: ReturnType<typeof createAppStore>;
  let session: string;

  const answered = (state: RootState) =>
    !state.system.checking && (state.system.portalStatus ?? state.system.error) !== null;
  const statusRequests = () => fetchMock.mock.calls.filter(([input]) => String(input) === PORTAL_STATUS_PATH);

  beforeEach(() => {
    statusAnswer = jest.fn<Promise<Response>, []>();
    fetchMock = installFetchMock();
    // Requests of other domains (the account a session reads) stay unanswered.
    fetchMock.mockImplementation((input) =>
      String(input) === PORTAL_STATUS_PATH ? statusAnswer() : new Promise<Response>(() => undefined),
    );
    FakeWebSocket.install();
    app = createAppStore();
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' });
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  it('asks /api/v2/status with the session token once polling starts and stores the status', async () => {
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', workingStatus));

    app.store.dispatch(portalStatusPollingStarted());
    expect(app.store.getState().system.checking).toBe(true);
    const state = await waitForState(app.store, answered);

    expect(statusRequests()).toHaveLength(1);
    const [[, init]] = statusRequests();
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${session}` });
    expect(state.system).toEqual({ checking: false, portalStatus: workingStatus, error: null });
  });

  it("stores a degraded portal's answer, which comes with 200", async () => {
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', degradedStatus));

    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system).toEqual({ checking: false, portalStatus: degradedStatus, error: null });
  });

  it('stores the network failure in the spec wording', async () => {
    statusAnswer.mockImplementation(() => networkFailure('Failed to fetch'));

    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system).toEqual({
      checking: false,
      portalStatus: null,
      error: 'Could not contact server due to: Failed to fetch',
    });
  });

  it("stores the server's reason for a 401, and leaves the session to the calls that need it", async () => {
    statusAnswer.mockResolvedValue(jsonResponse(401, 'Unauthorized', { err: 'Session expired' }));

    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system.error).toBe('Session expired');
    expect(state.auth.session).toBe(session);
  });

  it.each([
    ['502', textResponse(502, 'Bad Gateway', 'Bad Gateway'), 'Server currently unavailable.'],
    [
      '503, no longer an answer',
      jsonResponse(503, 'Service Unavailable', degradedStatus),
      'Status code 503 Service Unavailable returned by server.',
    ],
    [
      'the old health report',
      jsonResponse(200, 'OK', {
        status: 'error',
        app: 'portal-api',
        checks: { nats: { status: 'down', reason: 'x' } },
      }),
      'Status code 200 OK returned by server with invalid body.',
    ],
    [
      'a checkedAt that is no time',
      jsonResponse(200, 'OK', { status: 'ok', checkedAt: 'soon' }),
      'Status code 200 OK returned by server with invalid body.',
    ],
  ])('stores the failure for %s', async (_what, response, error) => {
    statusAnswer.mockResolvedValue(response);

    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system).toEqual({ checking: false, portalStatus: null, error });
  });

  it('asks again every refresh period and replaces a failure with the new status', async () => {
    jest.useFakeTimers();
    statusAnswer
      .mockImplementationOnce(() => networkFailure('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, 'OK', degradedStatus));

    app.store.dispatch(portalStatusPollingStarted());
    await waitForState(app.store, (state) => state.system.error !== null);
    await jest.advanceTimersByTimeAsync(PORTAL_STATUS_REFRESH_MS - 1);
    expect(statusRequests()).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(1);
    const state = await waitForState(app.store, (current) => current.system.portalStatus !== null);

    expect(statusRequests()).toHaveLength(2);
    expect(state.system).toEqual({ checking: false, portalStatus: degradedStatus, error: null });
  });

  it('stops asking once polling stops', async () => {
    jest.useFakeTimers();
    statusAnswer.mockImplementation(() => Promise.resolve(jsonResponse(200, 'OK', workingStatus)));

    app.store.dispatch(portalStatusPollingStarted());
    await waitForState(app.store, answered);
    app.store.dispatch(portalStatusPollingStopped());
    await jest.advanceTimersByTimeAsync(3 * PORTAL_STATUS_REFRESH_MS);

    expect(statusRequests()).toHaveLength(1);
  });

  it('aborts a request in flight when polling stops', () => {
    statusAnswer.mockImplementation(() => new Promise<Response>(() => undefined));

    app.store.dispatch(portalStatusPollingStarted());
    const signal = statusRequests()[0][1]?.signal;
    expect(signal?.aborted).toBe(false);
    app.store.dispatch(portalStatusPollingStopped());

    expect(signal?.aborted).toBe(true);
    expect(app.store.getState().system).toEqual(initialSystemState);
  });

  it('starts again after a stop', async () => {
    statusAnswer
      .mockResolvedValueOnce(jsonResponse(200, 'OK', workingStatus))
      .mockResolvedValueOnce(jsonResponse(200, 'OK', degradedStatus));

    app.store.dispatch(portalStatusPollingStarted());
    await waitForState(app.store, answered);
    app.store.dispatch(portalStatusPollingStopped());
    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, (current) => current.system.portalStatus?.status === 'degraded');

    expect(statusRequests()).toHaveLength(2);
    expect(state.system.portalStatus).toEqual(degradedStatus);
  });

  it('drops the status with the session, so the next user starts from Checking', async () => {
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', workingStatus));

    app.store.dispatch(portalStatusPollingStarted());
    await waitForState(app.store, answered);
    app.store.dispatch(sessionCleared({ notice: null }));

    expect(app.store.getState().system).toEqual(initialSystemState);
  });

  it('ends an expired session instead of asking, and asks no more until the box appears again', async () => {
    jest.useFakeTimers();
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', workingStatus));
    const expired = tokenWith({ iss: issuer, exp: Math.floor(Date.now() / 1000) - 60, typ: 'session' });
    app.store.dispatch(authReady({ issuer, session: expired }));

    app.store.dispatch(portalStatusPollingStarted());
    expect(app.store.getState().auth.session).toBeNull();
    expect(app.store.getState().auth.notice).toBe(MESSAGES.sessionExpiredGetPanelToken);
    expect(app.store.getState().system).toEqual(initialSystemState);

    // Signed in again before the box goes away: the ended polling does not come back by itself.
    app.store.dispatch(tokenSet({ slot: 'session', token: session }));
    await jest.advanceTimersByTimeAsync(3 * PORTAL_STATUS_REFRESH_MS);
    expect(statusRequests()).toHaveLength(0);

    app.store.dispatch(portalStatusPollingStopped());
    app.store.dispatch(portalStatusPollingStarted());
    const state = await waitForState(app.store, answered);
    expect(statusRequests()).toHaveLength(1);
    expect(state.system.portalStatus).toEqual(workingStatus);
  });
});
