import { QUIET_HOURS_MESSAGES } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { requestIdle } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { FakeQuietHoursApi } from '../../test/fake-quiet-hours-api.util';
import { QUIET_HOURS_TEXT } from './quiet-hours-messages.constants';
import { quietHoursSaveRequested, quietHoursSectionOpened } from './quiet-hours.slice';

const issuer = 'fire-alarm-portal-api';
const berlinNights = { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' };

/** My Account's quiet hours through the real store, reducers and sagas; only fetch is replaced, by a small fake of the API. */
describe('quiet hours sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeQuietHoursApi;

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeQuietHoursApi();
    installFetchMock().mockImplementation(
      async (input, init) => api.answer(String(input), init) ?? jsonResponse(404, 'Not Found', { err: 'no route' }),
    );
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => app.rootTask.cancel());

  const openSection = () => {
    app.store.dispatch(quietHoursSectionOpened());
    return waitForState(app.store, (state) => state.quietHours.loaded);
  };

  const save = (quietHours: typeof berlinNights | null) => {
    app.store.dispatch(quietHoursSaveRequested(quietHours));
    return waitForState(app.store, (state) => !state.quietHours.save.pending);
  };

  it('reads none as null when the section opens (the API leaves the null out)', async () => {
    const state = await openSection();
    expect(state.quietHours).toEqual({ loaded: true, loadError: null, quietHours: null, save: requestIdle });
  });

  it('reads the saved quiet hours', async () => {
    api.quietHours = berlinNights;
    expect((await openSection()).quietHours.quietHours).toEqual(berlinNights);
  });

  it('says why the setting could not be read', async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Try again shortly' });
    const state = await openSection();
    expect(state.quietHours.loadError).toBe('Try again shortly');
  });

  it('saves quiet hours, then removes them', async () => {
    await openSection();
    let state = await save({ from: '23:00', to: '06:30', timeZone: 'Europe/Berlin' });
    expect(state.quietHours.quietHours).toEqual({ from: '23:00', to: '06:30', timeZone: 'Europe/Berlin' });
    expect(state.quietHours.save).toEqual({ ...requestIdle, done: true, notice: QUIET_HOURS_TEXT.saved });

    state = await save(null);
    expect(state.quietHours.quietHours).toBeNull();
    expect(state.quietHours.save.notice).toBe(QUIET_HOURS_TEXT.savedOff);
    expect(api.saved).toEqual([{ from: '23:00', to: '06:30', timeZone: 'Europe/Berlin' }, null]);
  });

  it("shows the API's refusal and keeps the saved quiet hours", async () => {
    api.quietHours = berlinNights;
    await openSection();
    const state = await save({ ...berlinNights, timeZone: 'Mars' });
    expect(state.quietHours.save.error).toBe(QUIET_HOURS_MESSAGES.timeZone);
    expect(state.quietHours.quietHours).toEqual(berlinNights);
    expect(api.saved).toEqual([]);
  });

  it('opens again without the earlier outcome, and forgets everything as the session ends', async () => {
    await openSection();
    await save(berlinNights);
    expect((await openSection()).quietHours.save).toEqual(requestIdle);

    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().quietHours.quietHours).toBeNull();
    expect(app.store.getState().quietHours.loaded).toBe(false);
  });
});
