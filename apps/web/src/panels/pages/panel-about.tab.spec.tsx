import { act, fireEvent, screen, within } from '@testing-library/react';
import { PANEL_TEXT_MAX_LENGTH } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { FakeWebSocket } from '../../../test/fake-websocket.util';
import { configuredPanel, FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';

const about = `/site/${PANEL_HWADDR}/panel/1/about`;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('panel About', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('shows the texts, zone count and connection; Save only once edited; keeps edits over incoming data; toasts the spec text', async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(about, api.answer);
    await screen.findByDisplayValue('Main panel');
    expect(input('Installer').value).toBe('Acme Fire');
    expect(input('Site').value).toBe('Depot');
    expect(input('Phone Number').value).toBe('0113 496 0000');
    expect(screen.getByTestId('about-zones').textContent).toBe('3');
    expect(screen.getByTestId('about-connected').textContent).toBe('Yes');
    expect(save().disabled).toBe(true);

    fireEvent.change(input('Network name (RS485)'), { target: { value: 'North panel' } });
    expect(save().disabled).toBe(false);

    // The panel's configuration arrives while the form is dirty: the edit stays.
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    act(() => socket.serverSends({ type: 'ConfigSync', data: configuredPanel({ strCompany: 'Other Fire Ltd' }) }));
    await act(() =>
      waitForState(
        rendered!.store,
        (state) => state.sites.details[PANEL_HWADDR]?.networks[0].strCompany === 'Other Fire Ltd',
      ),
    );
    expect(input('Network name (RS485)').value).toBe('North panel');
    expect(input('Installer').value).toBe('Acme Fire');

    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.strings.done));
    expect(api.posts).toEqual([
      {
        path: '/panel/1/strings',
        body: {
          panelName: 'North panel',
          panelCompanyName: 'Acme Fire',
          panelSiteName: 'Depot',
          panelPhoneNumber: '0113 496 0000',
        },
      },
    ]);
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'success',
      text: 'Panel info updated.',
    });
    expect(save().disabled).toBe(true);
    expect(input('Network name (RS485)').value).toBe('North panel');

    // Not dirty any more: the panel's next configuration is shown.
    act(() =>
      socket.serverSends({
        type: 'ConfigSync',
        data: configuredPanel({ strName: 'North panel', strCompany: 'Acme Fire Ltd' }),
      }),
    );
    await screen.findByDisplayValue('Acme Fire Ltd');
  });

  it('refuses more than 47 characters before sending, and shows the server err as an error toast', async () => {
    const api = new FakePanelApi();
    api.post = () => jsonResponse(409, 'Conflict', { err: 'The panel is not connected to the cloud' });
    rendered = await renderApp(about, api.answer);
    await screen.findByDisplayValue('Main panel');
    fireEvent.change(input('Site'), { target: { value: 'x'.repeat(48) } });
    expect(screen.getByText('Site must be at most 47 characters.')).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(input('Site'), { target: { value: 'x'.repeat(47) } });
    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.strings.error !== null));
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'error',
      text: 'The panel is not connected to the cloud',
    });
    // Still dirty: the edit is kept for another try.
    expect(input('Site').value).toBe('x'.repeat(47));
    expect(save().disabled).toBe(false);
  });

  it('is read-only while the panel is not connected', async () => {
    rendered = await renderApp(
      about,
      new FakePanelApi(configuredPanel({ connected: false }), { connected: false }).answer,
    );
    await screen.findByDisplayValue('Main panel');
    expect(input('Network name (RS485)').disabled).toBe(true);
    expect(screen.getByTestId('about-connected').textContent).toBe('No');
    expect((screen.getByRole('button', { name: 'Sync panel clock' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sets the panel's clock through Sync panel clock, confirmed, then toasts what the panel did", async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(about, api.answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Sync panel clock' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send Sync panel clock to Main panel at Depot?');
    expect(api.posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Sync panel clock' }));

    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.command.done));
    // No body: portal-api sets the time from its own clock.
    expect(api.posts).toEqual([{ path: '/panel/1/clock', body: {} }]);
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'success',
      text: 'Depot, Main panel applied Sync panel clock.',
    });
  });

  it('tells why Sync panel clock was not sent to a panel of an older protocol version', async () => {
    const api = new FakePanelApi();
    const err =
      'The panel does not support Sync panel clock: it needs panel protocol version 3 or later (newer panel firmware)';
    api.post = () => jsonResponse(409, 'Conflict', { err });
    rendered = await renderApp(about, api.answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Sync panel clock' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Sync panel clock' }));
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.command.error !== null));
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'error',
      text: `Sync panel clock was not sent: ${err}`,
    });
  });

  it('takes at most 47 characters in each text (spec 2.15)', async () => {
    rendered = await renderApp(about, new FakePanelApi().answer);
    await screen.findByDisplayValue('Main panel');
    expect(
      ['Network name (RS485)', 'Installer', 'Site', 'Phone Number'].map((label) => input(label).maxLength),
    ).toEqual([PANEL_TEXT_MAX_LENGTH, PANEL_TEXT_MAX_LENGTH, PANEL_TEXT_MAX_LENGTH, PANEL_TEXT_MAX_LENGTH]);
  });
});
