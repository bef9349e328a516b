import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore } from '../../app/app.store';
import { appRoutes } from '../../app/app.routes';
import { installFetchMock, jsonResponse, networkFailure, type FetchMock } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { degradedReport } from '../system-health.fixtures';

describe('system status page', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;

  beforeEach(() => {
    fetchMock = installFetchMock();
    app = createAppStore();
  });

  afterEach(() => {
    app.rootTask.cancel();
  });

  function renderAt(path: string) {
    const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
    return render(
      <Provider store={app.store}>
        <RouterProvider router={router} />
      </Provider>,
    );
  }

  function statusBox(): HTMLElement {
    return screen.getByRole('region', { name: 'System status' });
  }

  it('shows the product, the notice and the footer at any route', () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));

    renderAt('/site/0123456789ab/panel/1/status');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fire Alarm Portal');
    expect(screen.getByText('The sign-in and site screens are not available in this version.')).toBeTruthy();
    expect(screen.getByText('Build test-build')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('#privacy');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('#help');
  });

  it("shows 'Checking…' until portal-api answers, then each check", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderAt('/');
    expect(within(statusBox()).getByText('Checking…')).toBeTruthy();

    answer(jsonResponse(503, 'Service Unavailable', degradedReport));
    const natsRow = (await within(statusBox()).findByText('nats')).closest('li');

    expect(within(statusBox()).queryByText('Checking…')).toBeNull();
    expect(within(statusBox()).getByText('portal-api: a dependency is down')).toBeTruthy();
    expect(natsRow?.textContent).toBe('natsdownconnection refused');
    expect(within(statusBox()).getByText('postgres').closest('li')?.textContent).toBe('postgresup');
    expect(within(statusBox()).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'nats',
      'postgres',
      'redis',
    ]);
  });

  it('shows why portal-api could not be reached', async () => {
    fetchMock.mockImplementation(() => networkFailure('Failed to fetch'));

    renderAt('/login');

    const alert = await within(statusBox()).findByRole('alert');
    expect(alert.textContent).toBe('Could not contact server due to: Failed to fetch');
    expect(within(statusBox()).queryByRole('listitem')).toBeNull();
  });

  it('stops polling when the page goes away', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));

    const view = renderAt('/');
    await waitForState(app.store, (state) => state.system.checking);
    const signal = fetchMock.mock.calls[0][1]?.signal;
    act(() => view.unmount());

    expect(signal?.aborted).toBe(true);
    expect(app.store.getState().system.checking).toBe(false);
  });
});
