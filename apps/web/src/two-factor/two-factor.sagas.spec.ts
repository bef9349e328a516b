import { invitationAccepted } from '../shared/invitation-accepted.action';
import { TWO_FACTOR_MESSAGES } from '@app/contracts';
import { waitFor } from '@testing-library/react';
import { createAppStore } from '../app/app.store';
import { authReady, tokenSet } from '../auth/auth.slice';
import { requestIdle } from '../shared/request-status';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { CURRENT_CODE, ENROLMENT, FakeTwoFactorApi, RECOVERY_CODES } from './fake-two-factor-api.fixtures';
import { selectSendToAccount, selectTwoFactorRequiredNotice, selectTwoFactorView } from './two-factor.selectors';
import {
  enrolmentCancelled,
  enrolmentConfirmRequested,
  recoveryCodesSaved,
  sentToAccount,
  turnOffRequested,
  turnOnRequested,
  twoFactorSectionOpened,
} from './two-factor.slice';

const issuer = 'fire-alarm-portal-api';

/** My Account's two-factor sign-in through the real store, reducers and sagas; only fetch is replaced, by a fake of the API. */
describe('two-factor sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeTwoFactorApi;
  let session: string;
  /** Every answer the fake API gave, in order. */
  let answered: Response[];

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeTwoFactorApi();
    answered = [];
    installFetchMock().mockImplementation(async (input, init) => {
      const answer = api.answer(String(input), init);
      if (answer) answered.push(answer);
      return answer ?? new Promise<Response>(() => undefined);
    });
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' });
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => app.rootTask.cancel());

  const settled = (state: RootState) => !state.twoFactor.request.pending;
  const open = () => {
    app.store.dispatch(twoFactorSectionOpened());
    return waitForState(app.store, (state) => selectTwoFactorView(state) !== 'loading');
  };
  const run = (action: Parameters<typeof app.store.dispatch>[0]) => {
    app.store.dispatch(action);
    expect(app.store.getState().twoFactor.request.pending).toBe(true);
    return waitForState(app.store, settled);
  };

  it('reads the setting with the session token as the section opens', async () => {
    api.enabled = true;
    api.recoveryCodesLeft = 7;
    const state = await open();
    expect(state.twoFactor.status).toEqual({ enabled: true, recoveryCodesLeft: 7 });
    expect(selectTwoFactorView(state)).toBe('on');
    // The first read is the one made as the session started (see below).
    expect(api.bearers).toEqual([`Bearer ${session}`, `Bearer ${session}`]);
  });

  it('says why the setting could not be read', async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: TWO_FACTOR_MESSAGES.cannotCheck });
    const state = await open();
    expect(selectTwoFactorView(state)).toBe('failed');
    expect(state.twoFactor.loadError).toBe(TWO_FACTOR_MESSAGES.cannotCheck);
  });

  it('turns on: a key, a refused code, the right one and its recovery codes, then on', async () => {
    await open();
    let state = await run(turnOnRequested());
    expect(selectTwoFactorView(state)).toBe('enrolling');
    expect(state.twoFactor.enrolment).toEqual(ENROLMENT);

    state = await run(enrolmentConfirmRequested('000000'));
    expect(state.twoFactor.request.error).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(selectTwoFactorView(state)).toBe('enrolling');

    state = await run(enrolmentConfirmRequested(CURRENT_CODE));
    expect(selectTwoFactorView(state)).toBe('recoveryCodes');
    expect(state.twoFactor).toMatchObject({
      recoveryCodes: RECOVERY_CODES,
      enrolment: null,
      status: { enabled: true, recoveryCodesLeft: RECOVERY_CODES.length },
      request: requestIdle,
    });

    app.store.dispatch(recoveryCodesSaved());
    expect(app.store.getState().twoFactor.recoveryCodes).toBeNull();
    expect(selectTwoFactorView(app.store.getState())).toBe('on');
    expect(api.bearers.every((bearer) => bearer === `Bearer ${session}`)).toBe(true);
  });

  it('drops the waiting key on Cancel', async () => {
    await open();
    await run(turnOnRequested());
    app.store.dispatch(enrolmentCancelled());
    expect(selectTwoFactorView(app.store.getState())).toBe('off');
  });

  it("shows the API's refusal of Turn on and stays off", async () => {
    api.refuse = (request) =>
      request === 'POST /enrolment' ? jsonResponse(429, 'Too Many Requests', { err: 'Too many attempts' }) : undefined;
    await open();
    const state = await run(turnOnRequested());
    expect(state.twoFactor.request.error).toBe('Too many attempts');
    expect(selectTwoFactorView(state)).toBe('off');
  });

  it('turns off with a recovery code after refusing a wrong code', async () => {
    api.enabled = true;
    api.recoveryCodesLeft = 1;
    await open();

    let state = await run(turnOffRequested('nope'));
    expect(state.twoFactor.request.error).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(selectTwoFactorView(state)).toBe('on');

    state = await run(turnOffRequested(RECOVERY_CODES[3]));
    expect(state.twoFactor.status).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(state.twoFactor.request).toEqual(requestIdle);
    expect(selectTwoFactorView(state)).toBe('off');
  });

  it('opens again without an earlier key or codes, and forgets everything as the session ends', async () => {
    await open();
    await run(turnOnRequested());
    expect(selectTwoFactorView(await open())).toBe('off');

    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().twoFactor.status).toBeNull();
  });

  describe('as a session starts (a company may require it, docs/access.md "Teams")', () => {
    const REQUIRED_BY_TWO =
      "Acme Fire, Beta Alarms requires two-factor sign-in: turn it on to reach the company's sites.";
    /** A sign-in: a new session arrives. */
    const signInAgain = () => app.store.dispatch(tokenSet({ slot: 'session', token: session }));
    /** The first `count` answers have been read by the client. */
    const read = async (count: number) => {
      await waitFor(() => expect(answered.filter((answer) => answer.bodyUsed)).toHaveLength(count));
      // Its body is parsed a few promise turns after it is read.
      await new Promise((resolve) => setTimeout(resolve, 0));
    };

    it('sends the user to My Account, once, when a company requires it and it is off', async () => {
      await read(1);
      api.requiredBy = ['Acme Fire'];
      signInAgain();
      const state = await waitForState(app.store, selectSendToAccount);
      expect(api.bearers).toEqual([`Bearer ${session}`, `Bearer ${session}`]);
      // Not the section's own state: it is not shown from this read.
      expect(state.twoFactor.status).toBeNull();

      // My Account opening first keeps it until the user has been sent there.
      app.store.dispatch(twoFactorSectionOpened());
      expect(selectSendToAccount(app.store.getState())).toBe(true);
      app.store.dispatch(sentToAccount());
      expect(selectSendToAccount(app.store.getState())).toBe(false);
    });

    it('reads it again as the user joins a company, not a site', async () => {
      await read(1);
      api.requiredBy = ['Acme Fire'];
      app.store.dispatch(invitationAccepted({ kind: 'site', companyId: null, hwaddr: '0011aabbccdd' }));
      app.store.dispatch(invitationAccepted({ kind: 'company', companyId: 'c1', hwaddr: null }));
      await waitForState(app.store, selectSendToAccount);
      expect(api.bearers).toHaveLength(2);
    });

    it('reads it as the app opens signed in', async () => {
      app.rootTask.cancel();
      api.requiredBy = ['Acme Fire'];
      app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
      app.store.dispatch(authReady({ issuer, session }));
      await waitForState(app.store, selectSendToAccount);
    });

    it.each<[string, boolean, string[] | undefined]>([
      ['it is on', true, ['Acme Fire']],
      ['no company requires it', false, []],
      ['the server does not say', false, undefined],
    ])('leaves the user where they are when %s', async (_case, enabled, requiredBy) => {
      await read(1);
      api.enabled = enabled;
      api.requiredBy = requiredBy;
      signInAgain();
      await read(2);
      expect(selectSendToAccount(app.store.getState())).toBe(false);
    });

    it('leaves the user where they are when it cannot be read', async () => {
      await read(1);
      api.requiredBy = ['Acme Fire'];
      api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: TWO_FACTOR_MESSAGES.cannotCheck });
      signInAgain();
      await read(2);
      expect(app.store.getState().twoFactor).toMatchObject({ sendToAccount: false, loadError: null });
    });

    it('forgets it as the session ends', async () => {
      api.requiredBy = ['Acme Fire'];
      signInAgain();
      await waitForState(app.store, selectSendToAccount);
      app.store.dispatch(sessionCleared({ notice: null }));
      expect(selectSendToAccount(app.store.getState())).toBe(false);
    });

    it('names the companies that require it on My Account while it is off, and not once it is on', async () => {
      api.requiredBy = ['Acme Fire', 'Beta Alarms'];
      let state = await open();
      expect(selectTwoFactorRequiredNotice(state)).toBe(REQUIRED_BY_TWO);

      api.requiredBy = ['Acme Fire'];
      expect(selectTwoFactorRequiredNotice(await open())).toBe(
        "Acme Fire requires two-factor sign-in: turn it on to reach the company's sites.",
      );

      await run(turnOnRequested());
      state = await run(enrolmentConfirmRequested(CURRENT_CODE));
      expect(selectTwoFactorRequiredNotice(state)).toBeNull();

      api.requiredBy = [];
      expect(selectTwoFactorRequiredNotice(await open())).toBeNull();
    });
  });
});
