import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore } from '../../app/app.store';
import { SystemStatusBox } from './system-status-box.component';
import { installFetchMock, jsonResponse, networkFailure, type FetchMock } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { degradedReport } from '../system-health.fixtures';

describe('system status box', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;

  beforeEach(() => {
    fetchMock = installFetchMock();
    app = createAppStore();
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

  it("shows 'Checking…' until portal-api answers, then each check", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderBox();
    expect(within(statusBox()).getByText('Checking…')).toBeTruthy();

    answer(jsonResponse(503, 'Service Unavailable', degradedReport));
    const natsRow = (await within(statusBox()).findByText('nats')).closest('li');

    expect(within(statusBox()).queryByText('Checking…')).toBeNull();
    expect(within(statusBox()).getByText('portal-api: a dependency is down')).toBeTruthy();
    expect(natsRow?.textContent).toBe('natsdownconnection refused');
    expect(within(statusBox()).getByText('postgres').closest('li')?.textContent).toBe('postgresup');
    expect(
      within(statusBox())
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['nats', 'postgres', 'redis']);
  });

  it('shows why portal-api could not be reached', async () => {
    fetchMock.mockImplementation(() => networkFailure('Failed to fetch'));

    renderBox();

    const alert = await within(statusBox()).findByRole('alert');
    expect(alert.textContent).toBe('Could not contact server due to: Failed to fetch');
    expect(within(statusBox()).queryByRole('listitem')).toBeNull();
  });

  it('stops polling when the page goes away', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));

    const view = renderBox();
    await waitForState(app.store, (state) => state.system.checking);
    const signal = fetchMock.mock.calls[0][1]?.signal;
    act(() => view.unmount());

    expect(signal?.aborted).toBe(true);
    expect(app.store.getState().system.checking).toBe(false);
  });
});
