import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore } from '../../app/app.store';
import { authReady } from '../../auth/auth.slice';
import { SystemStatusBox } from './system-status-box.component';
import { FakeWebSocket } from '../../../test/fake-websocket.util';
import { installFetchMock, jsonResponse, networkFailure, type FetchMock } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../../test/tokens.util';
import { degradedStatus, workingStatus } from '../portal-status.fixtures';
import { PORTAL_STATUS_PATH } from '../system.constants';

const issuer = 'fire-alarm-portal-api';

describe('system status box', () => {
  let fetchMock: FetchMock;
  /** What portal-api answers GET /api/v2/status; other requests stay unanswered. */
  let statusAnswer: jest.Mock<Promise<Response>, []>;
  let app: ReturnType<typeof createAppStore>;

  beforeEach(() => {
    statusAnswer = jest.fn<Promise<Response>, []>();
    fetchMock = installFetchMock();
    fetchMock.mockImplementation((input) =>
      String(input) === PORTAL_STATUS_PATH ? statusAnswer() : new Promise<Response>(() => undefined),
    );
    FakeWebSocket.install();
    app = createAppStore();
    // The box is shown to signed-in users only, and asks with their session.
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => {
    app.rootTask.cancel();
  });

  function renderBox() {
    return render(
      <Provider store={app.store}>
        <SystemStatusBox />
      </Provider>,
    );
  }

  function statusBox(): HTMLElement {
    return screen.getByRole('region', { name: 'System status' });
  }

  it("shows 'Checking…' until portal-api answers, then that the portal works and when it was checked", async () => {
    let answer: (response: Response) => void = () => undefined;
    statusAnswer.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderBox();
    expect(within(statusBox()).getByRole('heading', { name: 'System status' })).toBeTruthy();
    expect(within(statusBox()).getByText('Checking…')).toBeTruthy();

    answer(jsonResponse(200, 'OK', workingStatus));
    await within(statusBox()).findByText('The portal is working normally.');

    expect(within(statusBox()).queryByText('Checking…')).toBeNull();
    expect(within(statusBox()).getByText('Checked at 29/11/2026 06:09:12 UTC')).toBeTruthy();
    expect(within(statusBox()).queryByRole('alert')).toBeNull();
  });

  it('says what a degraded portal means to the user, and when it was checked', async () => {
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', degradedStatus));

    renderBox();
    await within(statusBox()).findByText(
      'Part of the portal is not answering: live updates, commands and e-mails may be late.',
    );

    expect(within(statusBox()).getByText('Checked at 29/11/2026 06:09:22 UTC')).toBeTruthy();
    expect(within(statusBox()).queryByText('The portal is working normally.')).toBeNull();
  });

  it('shows why portal-api could not be reached, and no status', async () => {
    statusAnswer.mockImplementation(() => networkFailure('Failed to fetch'));

    renderBox();

    const alert = await within(statusBox()).findByRole('alert');
    expect(alert.textContent).toBe('Could not contact server due to: Failed to fetch');
    expect(within(statusBox()).queryByText('Checking…')).toBeNull();
    expect(within(statusBox()).queryByText(/^Checked at/)).toBeNull();
  });

  it("shows the server's reason when it refuses the session", async () => {
    statusAnswer.mockResolvedValue(jsonResponse(401, 'Unauthorized', { err: 'Session expired' }));

    renderBox();

    expect((await within(statusBox()).findByRole('alert')).textContent).toBe('Session expired');
  });

  it('shows an unexpected answer as invalid', async () => {
    statusAnswer.mockResolvedValue(jsonResponse(200, 'OK', { status: 'error', app: 'portal-api', checks: {} }));

    renderBox();

    expect((await within(statusBox()).findByRole('alert')).textContent).toBe(
      'Status code 200 OK returned by server with invalid body.',
    );
  });

  it('stops polling when the page goes away', async () => {
    statusAnswer.mockImplementation(() => new Promise<Response>(() => undefined));

    const view = renderBox();
    await waitForState(app.store, (state) => state.system.checking);
    const signal = fetchMock.mock.calls.find(([input]) => String(input) === PORTAL_STATUS_PATH)?.[1]?.signal;
    act(() => view.unmount());

    expect(signal?.aborted).toBe(true);
    expect(app.store.getState().system.checking).toBe(false);
  });
});
