import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  HOST_MAX_LENGTH,
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  PANEL_TEXT_MAX_LENGTH,
  TCP_PORT_MAX,
  TCP_PORT_MIN,
} from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { FakeWebSocket } from '../../../test/fake-websocket.util';
import { configuredPanel, FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';

const base = `/site/${PANEL_HWADDR}/panel/1`;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('panel Devices, Modules and their editors', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('lists zones with their devices and mode icons, filters, clears, and shows empty zones on request', async () => {
    rendered = await renderApp(`${base}/devices`, new FakePanelApi().answer);
    await screen.findByText('Entrance smoke');
    expect(screen.queryByText(/Stores/)).toBeNull();
    const entrance = screen.getByText('Entrance smoke').closest('tr')!;
    expect(within(entrance).getByRole('img', { name: 'Enabled' })).toBeTruthy();
    expect(
      within(screen.getByText('Kitchen heat').closest('tr')!).getByRole('img', { name: 'Input disabled' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show Empty Zones' }));
    expect(
      within(screen.getByText('Zone 2: Stores').closest('tr')!).getByRole('img', { name: 'Disabled' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Empty Zones' }));
    expect(screen.queryByText('Zone 2: Stores')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Filter devices'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No Devices found.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Store IO')).toBeTruthy();
  });

  it('renames a zone: Save only when edited, 47 characters at most, every mode but none, the edit kept over incoming data', async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(`${base}/zone/0`, api.answer);
    await screen.findByDisplayValue('Reception');
    expect(save().disabled).toBe(true);
    expect([...(field('Mode') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Enabled',
      'Input disabled',
      'Output disabled',
      'Disabled',
      'Test input',
      'Test input/output',
    ]);
    fireEvent.change(field('Name'), { target: { value: 'y'.repeat(48) } });
    expect(screen.getByText('Name must be at most 47 characters.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(field('Name'), { target: { value: 'Front desk' } });

    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    act(() => socket.serverSends({ type: 'ConfigSync', data: configuredPanel({ strName: 'Renamed elsewhere' }) }));
    await act(() =>
      waitForState(
        rendered!.store,
        (state) => state.sites.details[PANEL_HWADDR]?.networks[0].strName === 'Renamed elsewhere',
      ),
    );
    expect(field('Name').value).toBe('Front desk');

    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.zone.done));
    expect(api.posts).toEqual([{ path: '/panel/1/zone', body: { id: 0, name: 'Front desk', mode: 'MODE_ENABLED' } }]);
    expect(save().disabled).toBe(true);
  });

  it('says Loading zone... until the panel sent its configuration', async () => {
    rendered = await renderApp(
      `${base}/devices/zone/0`,
      new FakePanelApi(configuredPanel({ configured: false, zones: [], devices: [], modules: [] })).answer,
    );
    await screen.findByText('Loading zone...');
  });

  it('edits a loop device: type description, name, zone, the modes its type allows and its day/night options', async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(`${base}/modules/0/device/1`, api.answer);
    await screen.findByDisplayValue('Kitchen heat');
    expect(screen.getByTestId('device-type').textContent).toBe('Heat detector (rate of rise)');
    // A heat detector in a mode its type does not allow: the choice is asked for, the rest are its type's.
    expect([...(field('Mode') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Choose a mode',
      'Enabled',
      'Disabled',
    ]);
    expect([...(field('Day') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Off',
      'On',
    ]);

    fireEvent.change(field('Name'), { target: { value: 'Canteen heat' } });
    fireEvent.change(field('Zone'), { target: { value: '2' } });
    fireEvent.change(field('Mode'), { target: { value: 'MODE_BOTH_DISABLED' } });
    fireEvent.change(field('Night'), { target: { value: '1' } });
    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.device.done));
    expect(api.posts).toEqual([
      { path: '/panel/1/tmp-name', body: { port_id: 0, mod_idx: 1, name: 'Canteen heat' } },
      { path: '/panel/1/tmp-zone', body: { port_id: 0, mod_idx: 1, zoneId: 2 } },
      {
        path: '/panel/1/device',
        body: { port_id: 0, mod_idx: 1, settings: { address: 2, mode: 'MODE_BOTH_DISABLED', deviceOptions: 0x11 } },
      },
    ]);
  });

  it('edits a local relay by its port type: normally closed, relay type and only Enabled or Disabled', async () => {
    const api = new FakePanelApi(
      configuredPanel({
        modules: [{ port_id: 5, port_type: 'SMARTLOOP_LOCAL', settings: {}, devices: 1 }],
        devices: [
          {
            port_id: 5,
            mod_idx: 0,
            name: 'Door release',
            zone: 1,
            type: 16,
            settings: { isNormallyClosed: false, relayType: 1, mode: 'MODE_ENABLED' },
          },
        ],
      }),
    );
    rendered = await renderApp(`${base}/modules/5/device/0`, api.answer);
    await screen.findByDisplayValue('Door release');
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.queryByLabelText('Day')).toBeNull();
    expect([...(field('Mode') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Enabled',
      'Disabled',
    ]);
    fireEvent.click(field('Normally closed'));
    fireEvent.change(field('Relay type'), { target: { value: 'two' } });
    expect(screen.getByText('Relay type must be a whole number of at least 0.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(field('Relay type'), { target: { value: '2' } });
    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.device.done));
    expect(api.posts).toEqual([
      {
        path: '/panel/1/device',
        body: { port_id: 5, mod_idx: 0, settings: { isNormallyClosed: true, relayType: 2, mode: 'MODE_ENABLED' } },
      },
    ]);
  });

  it('edits an alarm circuit by its port type: mode, reset time and sounder type', async () => {
    const api = new FakePanelApi(
      configuredPanel({
        modules: [{ port_id: 6, port_type: 'MOD_NAC_CLASS_A', settings: {}, devices: 1 }],
        devices: [
          {
            port_id: 6,
            mod_idx: 0,
            name: 'Bell 1',
            zone: 0,
            type: 21,
            settings: { mode: 'MODE_ENABLED', resetTime: 30, sounderType: 1 },
          },
        ],
      }),
    );
    rendered = await renderApp(`${base}/modules/6/device/0`, api.answer);
    await screen.findByDisplayValue('Bell 1');
    fireEvent.change(field('Reset time (seconds)'), { target: { value: '45' } });
    fireEvent.change(field('Sounder type'), { target: { value: '3' } });
    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.device.done));
    expect(api.posts).toEqual([
      {
        path: '/panel/1/device',
        body: { port_id: 6, mod_idx: 0, settings: { mode: 'MODE_ENABLED', resetTime: 45, sounderType: 3 } },
      },
    ]);
  });

  it('edits a printer module: bit rate and the four switches as bits, with its server error shown', async () => {
    const api = new FakePanelApi();
    api.post = () => jsonResponse(422, 'Unprocessable Entity', { err: 'The panel refused the change: busy' });
    rendered = await renderApp(`${base}/modules/2`, api.answer);
    await screen.findByLabelText('Alarms');
    expect([
      field('Alarms').checked,
      field('Faults').checked,
      field('Tech. Alarms').checked,
      field('Buttons').checked,
    ]).toEqual([true, false, true, false]);
    fireEvent.click(field('Buttons'));
    fireEvent.change(field('Bit rate'), { target: { value: '7' } });
    fireEvent.click(save());
    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.module.error !== null));
    expect(api.posts).toEqual([
      { path: '/panel/1/module', body: { port_id: 2, settings: { bitRate: 7, printerOptions: 0b1101 } } },
    ]);
    // Beside the form (and in the error toast).
    expect(screen.getByText('The panel refused the change: busy', { selector: 'form p[role="alert"]' })).toBeTruthy();
  });

  it('shows the RS485 module Enabled read-only, false when DISABLED, and checks the address 0-64', async () => {
    rendered = await renderApp(`${base}/modules/1`, new FakePanelApi().answer);
    await screen.findByDisplayValue('4');
    expect(field('Enabled').checked).toBe(false);
    expect(field('Enabled').disabled).toBe(true);
    fireEvent.change(field('Address'), { target: { value: '65' } });
    expect(screen.getByText('Address must be a whole number from 0 to 64.')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('lists the modules and, in a loop module, its devices with their zones', async () => {
    rendered = await renderApp(`${base}/modules`, new FakePanelApi().answer);
    await screen.findByText('Standard loop');
    fireEvent.click(screen.getByRole('link', { name: 'Edit module 0 - Standard loop' }));
    await screen.findByText('Entrance smoke');
    expect(within(screen.getByText('Store IO').closest('tr')!).getByText('Plant room')).toBeTruthy();
  });

  it('disables every editor field while the panel is not connected', async () => {
    const api = new FakePanelApi(configuredPanel({ connected: false }), { connected: false });
    rendered = await renderApp(`${base}/modules/3`, api.answer);
    await screen.findByDisplayValue('cloud.example');
    for (const label of ['Cloud address', 'Cloud port', 'IP address', 'DNS', 'Subnet mask', 'Gateway', 'Mode'])
      expect(field(label).disabled).toBe(true);
  });

  it('takes no more than the API accepts: names of 47 characters, the module address 0-64, ports and hosts', async () => {
    const api = new FakePanelApi();
    rendered = await renderApp(`${base}/zone/0`, api.answer);
    await screen.findByDisplayValue('Reception');
    expect(field('Name').maxLength).toBe(PANEL_TEXT_MAX_LENGTH);

    rendered.rootTask.cancel();
    cleanup();
    rendered = await renderApp(`${base}/modules/0/device/1`, api.answer);
    await screen.findByDisplayValue('Kitchen heat');
    expect(field('Name').maxLength).toBe(PANEL_TEXT_MAX_LENGTH);
    expect([field('Address').type, field('Address').min, field('Address').step]).toEqual(['number', '0', '1']);

    rendered.rootTask.cancel();
    cleanup();
    rendered = await renderApp(`${base}/modules/1`, api.answer);
    await screen.findByDisplayValue('4');
    expect([field('Address').type, field('Address').min, field('Address').max]).toEqual([
      'number',
      String(MODULE_ADDRESS_MIN),
      String(MODULE_ADDRESS_MAX),
    ]);

    rendered.rootTask.cancel();
    cleanup();
    rendered = await renderApp(`${base}/modules/3`, api.answer);
    await screen.findByDisplayValue('cloud.example');
    expect(field('Cloud address').maxLength).toBe(HOST_MAX_LENGTH);
    expect([field('Cloud port').type, field('Cloud port').min, field('Cloud port').max]).toEqual([
      'number',
      String(TCP_PORT_MIN),
      String(TCP_PORT_MAX),
    ]);
  });
});
