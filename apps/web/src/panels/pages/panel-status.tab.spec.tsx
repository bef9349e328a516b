import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { FakeWebSocket } from '../../../test/fake-websocket.util';
import { configuredPanel, FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';

const status = `/site/${PANEL_HWADDR}/panel/1/status`;
const onFire = { zones: { fire: [1], fault: [] }, disabled: { sounders: true } };

describe('panel Status', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('shows the runtime display live: a Runtime message turns Fires red without asking the API', async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(status, api.answer);
    await screen.findByText('No zones currently on fire');
    expect(screen.getByText('No zones currently in fault')).toBeTruthy();
    expect(screen.getByText('Day/Night settings disabled.')).toBeTruthy();
    expect(screen.queryByText('Sounder disabled')).toBeNull();
    expect(screen.getByText('No event found.')).toBeTruthy();
    const asked = rendered.fetchMock.mock.calls.length;

    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    act(() => socket.serverSends({ type: 'Runtime', data: { hwaddr: PANEL_HWADDR, networkId: 1, report: onFire } }));

    const fires = await screen.findByTestId('runtime-fires');
    // Zone 1 is shown as 2 (id + 1), with its name, once the feed's batch of Runtimes reached the store.
    expect(await within(fires).findByText('2')).toBeTruthy();
    expect(within(fires).getByText('Stores')).toBeTruthy();
    expect(fires.className).toContain('runtime-box--fire');
    expect(screen.getByText('Sounder disabled')).toBeTruthy();
    expect(rendered.fetchMock.mock.calls.length).toBe(asked);
  });

  it('says Loading runtime display... before a report arrived', async () => {
    rendered = await renderApp(status, new FakePanelApi(configuredPanel({ runtime: null })).answer);
    await screen.findByText('Loading runtime display...');
  });

  it('sends Reset only through the confirmation, ticked while a fire is shown, then toasts the outcome and lists the command', async () => {
    const api = new FakePanelApi(configuredPanel({ runtime: onFire }));
    api.post = () => {
      api.audit = [
        {
          id: 7,
          date: '2026-05-01T10:00:00.000Z',
          userName: 'Erin Engineer',
          networkId: 1,
          kind: 'button',
          label: 'Panel button',
          command: { action: 'RESET', data: 'NA' },
          outcome: 'ok',
          reason: null,
        },
      ];
      return jsonResponse(200, 'OK', {});
    };
    rendered = await renderApp(status, api.answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send Reset to Main panel at Depot?');
    const send = within(dialog).getByRole('button', { name: 'Send Reset' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('I confirm I wish to reset while a fire is shown.'));
    expect(send.disabled).toBe(false);
    expect(api.posts).toEqual([]);
    fireEvent.click(send);

    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.command.done));
    expect(api.posts).toEqual([{ path: '/panel/1/buttons', body: { action: 'RESET', data: 'NA' } }]);
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'success',
      text: 'Depot, Main panel applied Reset.',
    });
    const recent = screen.getByRole('region', { name: 'Recent commands' });
    await waitFor(() => expect(within(recent).getByText('Erin Engineer')).toBeTruthy());
    expect(within(recent).getByText('Reset')).toBeTruthy();
    expect(within(recent).getByText('ok')).toBeTruthy();
  });

  it('lists a command as pending in Recent commands while the panel has not answered, and keeps the buttons disabled', async () => {
    const api = new FakePanelApi();
    api.post = () => undefined;
    rendered = await renderApp(status, api.answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Sounders' }));
    // No fire shown: no tick needed.
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Stop Sounders' }));
    const row = (
      await within(screen.getByRole('region', { name: 'Recent commands' }).closest('section')!).findByText(
        'Stop Sounders',
      )
    ).closest('tr')!;
    expect(within(row).getByText('pending')).toBeTruthy();
    expect(within(row).getByText('You')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('needs no tick for Silence Buzzer, and tells a refusal and a missing answer apart', async () => {
    const api = new FakePanelApi();
    api.post = () => jsonResponse(422, 'Unprocessable Entity', { err: 'The panel refused the change: busy' });
    rendered = await renderApp(status, api.answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Silence Buzzer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Silence Buzzer' }));
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.command.error !== null));
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'error',
      text: 'Depot, Main panel refused Silence Buzzer: The panel refused the change: busy',
    });

    api.post = () => jsonResponse(504, 'Gateway Timeout', { err: 'The panel did not answer in time' });
    fireEvent.click(screen.getByRole('button', { name: 'Start Sounders' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Start Sounders' }));
    await waitFor(() =>
      expect(rendered!.store.getState().toasts.shown.at(-1)).toMatchObject({
        kind: 'warning',
        text: 'Depot, Main panel did not answer Start Sounders in time.',
      }),
    );
  });

  it('disables the four commands while the panel is not connected', async () => {
    rendered = await renderApp(
      status,
      new FakePanelApi(configuredPanel({ connected: false }), { connected: false }).answer,
    );
    await screen.findByText('The panel is not connected to the cloud.');
    for (const name of ['Start Sounders', 'Stop Sounders', 'Silence Buzzer', 'Reset']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('warns that a panel without cloud control only receives events, and disables the commands', async () => {
    rendered = await renderApp(status, new FakePanelApi(configuredPanel(), { cloudControl: false }).answer);
    await screen.findByText('Your Panel Is Currently Only Receiving Events');
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the loading message until the panel data arrives', async () => {
    rendered = await renderApp(status, (path, init) =>
      path === `/api/v2/sites/${PANEL_HWADDR}` ? undefined : new FakePanelApi().answer(path, init),
    );
    await screen.findByText(
      "Loading panel information - Please wait while we fetch this panel's configuration from our servers.",
    );
  });
});
