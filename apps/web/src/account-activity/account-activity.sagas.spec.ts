import { waitFor } from '@testing-library/react';
import type { AccountActivity } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { SESSIONS_PATH } from '../sessions/sessions.api';
import { otherSessionsEndRequested, sessionEndRequested } from '../sessions/sessions.slice';
import { TWO_FACTOR_PATH } from '../two-factor/two-factor.api';
import { enrolmentConfirmRequested, turnOffRequested } from '../two-factor/two-factor.slice';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { ACCOUNT_ACTIVITY_PATH } from './account-activity.api';
import { selectAccountActivityView, selectActivityRows } from './account-activity.selectors';
import { accountActivitySectionOpened, initialAccountActivityState } from './account-activity.slice';
import {
  FakeAccountActivityApi,
  OTHER_SESSIONS_ENDED,
  RECOVERY_CODE_USED,
  SESSION_ENDED,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
} from './fake-account-activity-api.fixtures';

const issuer = 'fire-alarm-portal-api';
const LAPTOP_ID = '0d5e7a3c-2b14-4f6a-8c9e-5a7b3d1f2e22';
const CODE = '492039';

const recorded = (entry: AccountActivity): AccountActivity => ({ ...entry, at: '2025-05-03T10:00:00.000Z' });

/**
 * My Account's account activity through the real store, reducers and sagas; only fetch is replaced:
 * by a fake of the activity API, and by the answers of the sign-in changes it is read again after,
 * each recorded in the fake as the server records it.
 */
describe('account activity sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeAccountActivityApi;
  let session: string;
  /** Every request sent, as 'METHOD path'. */
  let requests: string[];
  /** The sign-in changes' answers, by 'METHOD path'. */
  let changes: Record<string, () => Response>;
  /** When set, the next activity read waits for this to answer it. */
  let hold: Promise<void> | null;
  /** Every answer the fake API gave, in order. */
  let answered: Response[];

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeAccountActivityApi();
    requests = [];
    hold = null;
    answered = [];
    changes = {
      [`POST ${SESSIONS_PATH}/${LAPTOP_ID}/end`]: () => {
        api.record(recorded(SESSION_ENDED));
        return jsonResponse(200, 'OK', {});
      },
      [`POST ${SESSIONS_PATH}/end-others`]: () => {
        api.record(recorded(OTHER_SESSIONS_ENDED));
        return jsonResponse(200, 'OK', { ended: 2 });
      },
      [`POST ${TWO_FACTOR_PATH}/enrolment/confirm`]: () => {
        api.record(recorded(TWO_FACTOR_ON));
        return jsonResponse(201, 'Created', { recoveryCodes: ['abcde-fgh0k', 'abcde-fgh1k'] });
      },
      [`POST ${TWO_FACTOR_PATH}/disable`]: () => {
        api.record(recorded(TWO_FACTOR_OFF));
        return jsonResponse(200, 'OK', { enabled: false, recoveryCodesLeft: 0 });
      },
    };
    installFetchMock().mockImplementation(async (input, init) => {
      const path = String(input);
      const request = `${init?.method ?? 'GET'} ${path}`;
      requests.push(request);
      if (path === ACCOUNT_ACTIVITY_PATH && hold) {
        const held = hold;
        hold = null;
        await held;
      }
      const answer = api.answer(path, init) ?? changes[request]?.();
      if (answer) answered.push(answer);
      return answer ?? new Promise<Response>(() => undefined);
    });
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' });
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => app.rootTask.cancel());

  const settled = (state: RootState) => !state.accountActivity.reading;
  const open = () => {
    app.store.dispatch(accountActivitySectionOpened());
    expect(selectAccountActivityView(app.store.getState()).loading).toBe(true);
    return waitForState(app.store, settled);
  };
  const reads = () => requests.filter((request) => request === `GET ${ACCOUNT_ACTIVITY_PATH}`);

  it('lists the activity with the session token as the section opens', async () => {
    const state = await open();
    expect(state.accountActivity).toEqual({
      entries: [TWO_FACTOR_OFF, RECOVERY_CODE_USED, SESSION_ENDED],
      reading: false,
      loadError: null,
    });
    expect(selectAccountActivityView(state)).toEqual({ loading: false, listed: true, empty: false, error: null });
    expect(selectActivityRows(state).map(({ text, when }) => [text, when])).toEqual([
      ['Two-factor sign-in turned off', '02/05/2025 08:15:00 UTC from 203.0.113.7'],
      ['Recovery code used (7 left)', '02/05/2025 08:14:30 UTC from 203.0.113.7'],
      ['Signed out Firefox on Linux', '01/05/2025 18:40:00 UTC from 198.51.100.23'],
    ]);
    expect(api.bearers).toEqual([`Bearer ${session}`]);
  });

  it('says there is nothing yet for an empty list', async () => {
    api.activity = [];
    const state = await open();
    expect(state.accountActivity.entries).toEqual([]);
    expect(selectAccountActivityView(state)).toEqual({ loading: false, listed: false, empty: true, error: null });
  });

  it('says why the activity could not be read', async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Activity cannot be read now' });
    const state = await open();
    expect(state.accountActivity.entries).toBeNull();
    expect(selectAccountActivityView(state)).toEqual({
      loading: false,
      listed: false,
      empty: false,
      error: 'Activity cannot be read now',
    });
  });

  it('refuses an answer of another shape', async () => {
    api.activity = [{ ...TWO_FACTOR_OFF, kind: 'something-new' as AccountActivity['kind'] }];
    const state = await open();
    expect(state.accountActivity.entries).toBeNull();
    expect(state.accountActivity.loadError).toEqual(expect.any(String));
  });

  it.each([
    [
      'a browser is signed out',
      sessionEndRequested(LAPTOP_ID),
      `POST ${SESSIONS_PATH}/${LAPTOP_ID}/end`,
      SESSION_ENDED,
    ],
    [
      'every other browser is signed out',
      otherSessionsEndRequested(),
      `POST ${SESSIONS_PATH}/end-others`,
      OTHER_SESSIONS_ENDED,
    ],
    [
      'two-factor sign-in is turned on',
      enrolmentConfirmRequested(CODE),
      `POST ${TWO_FACTOR_PATH}/enrolment/confirm`,
      TWO_FACTOR_ON,
    ],
    ['two-factor sign-in is turned off', turnOffRequested(CODE), `POST ${TWO_FACTOR_PATH}/disable`, TWO_FACTOR_OFF],
  ])('reads the activity again after %s, keeping the list shown meanwhile', async (_change, action, change, entry) => {
    const before = (await open()).accountActivity.entries;
    app.store.dispatch(action);

    const reading = await waitForState(app.store, (state) => state.accountActivity.reading);
    expect(reading.accountActivity.entries).toBe(before);
    expect(selectAccountActivityView(reading)).toMatchObject({ loading: false, listed: true });

    const state = await waitForState(app.store, settled);
    expect(requests.filter((request) => request === change || request === `GET ${ACCOUNT_ACTIVITY_PATH}`)).toEqual([
      `GET ${ACCOUNT_ACTIVITY_PATH}`,
      change,
      `GET ${ACCOUNT_ACTIVITY_PATH}`,
    ]);
    expect(state.accountActivity.entries).toEqual([recorded(entry), TWO_FACTOR_OFF, RECOVERY_CODE_USED, SESSION_ENDED]);
    expect(api.bearers).toEqual([`Bearer ${session}`, `Bearer ${session}`]);
  });

  it('does not read again after a change the API refused', async () => {
    changes[`POST ${TWO_FACTOR_PATH}/disable`] = () =>
      jsonResponse(400, 'Bad Request', { err: 'That code is not right' });
    await open();
    app.store.dispatch(turnOffRequested('000000'));
    const state = await waitForState(app.store, (current) => current.twoFactor.request.error !== null);
    expect(state.accountActivity.reading).toBe(false);
    expect(reads()).toHaveLength(1);
  });

  it('keeps the list and says why when the read after a change fails', async () => {
    await open();
    api.refuse = () => jsonResponse(429, 'Too Many Requests', { err: 'Too many requests' });
    app.store.dispatch(turnOffRequested(CODE));
    await waitForState(app.store, (state) => state.accountActivity.reading);
    const state = await waitForState(app.store, settled);
    expect(state.accountActivity.entries).toEqual([TWO_FACTOR_OFF, RECOVERY_CODE_USED, SESSION_ENDED]);
    expect(selectAccountActivityView(state)).toMatchObject({ listed: true, error: 'Too many requests' });

    api.refuse = () => undefined;
    app.store.dispatch(sessionEndRequested(LAPTOP_ID));
    await waitForState(app.store, (current) => current.accountActivity.reading);
    expect(selectAccountActivityView(await waitForState(app.store, settled)).error).toBeNull();
  });

  it('forgets the activity as the session ends', async () => {
    await open();
    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().accountActivity).toEqual(initialAccountActivityState);
  });

  it('drops an answer that arrives after the session ended', async () => {
    let answer = () => undefined as void;
    hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    app.store.dispatch(accountActivitySectionOpened());
    app.store.dispatch(sessionCleared({ notice: null }));
    answer();
    // Nothing in the state shows the answer's arrival: wait until the client has read its body.
    await waitFor(() => expect(answered.at(-1)?.bodyUsed).toBe(true));
    expect(reads()).toHaveLength(1);
    expect(app.store.getState().accountActivity).toEqual(initialAccountActivityState);
  });
});
