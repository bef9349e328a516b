import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  HOST_MAX_LENGTH,
  RELAY_NAME_MAX_LENGTH,
  RELAY_PASSWORD_LENGTH,
  RELAY_PORT_MAX,
  RELAY_PORT_MIN,
  type RelayDto,
  type RelayStatus,
} from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { REFUSED_TARGET_GUIDANCE } from '../relay-form.util';

const password = 'p'.repeat(32);
const status: RelayStatus = {
  moduleID: 35,
  firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } },
  voltage: 12.5,
  temp: 26.7,
};
const refused =
  "Relay address 192.168.1.20 is a loopback, private or link-local address: use the relay's public address or DNS name and forward its port";

describe('Add Relay form', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;
  /** How the fake server answers POST /api/relays/_test; undefined leaves it pending. */
  let verifyAnswer: (() => Response) | undefined;
  let saveAnswer: (() => Response) | undefined;
  let storedRelays: RelayDto[];

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    verifyAnswer = undefined;
    saveAnswer = undefined;
    storedRelays = [];
  });

  async function openForm() {
    rendered = await renderApp('/relay/add', (path) => {
      if (path === '/api/relays/_test') return verifyAnswer?.();
      if (path === '/api/relays/_new') return saveAnswer?.();
      if (path === '/api/relays') return jsonResponse(200, 'OK', storedRelays);
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', []);
      if (path === '/api/relays/7/runs') return jsonResponse(200, 'OK', []);
      return undefined;
    });
    return rendered;
  }

  const infoTable = () => within(screen.getByRole('table', { name: 'Relay Info' }));
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the fields before verifying, then shows connecting, the board and waiting again after a change', async () => {
    const app = await openForm();
    expect(infoTable().getAllByText('Waiting to verify')).toHaveLength(5);
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('17123');

    fill('IP address/DNS', 'relay.example.com');
    fill('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Connection' }));
    expect(screen.getByText('The password must be exactly 32 characters (it has 5)')).toBeTruthy();
    expect(requestsOf(app.fetchMock)).not.toContain('POST /api/relays/_test');

    fill('Password', password);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Connection' }));
    await act(() => waitForState(app.store, (state) => state.relays.verify.phase === 'connecting'));
    expect(infoTable().getAllByText('Connecting to relay')).toHaveLength(5);

    // A change drops the verification under way: its answer would be for other settings.
    fill('Port', '17124');
    expect(infoTable().getAllByText('Waiting to verify')).toHaveLength(5);
    verifyAnswer = () => jsonResponse(200, 'OK', status);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Connection' }));
    await act(() => waitForState(app.store, (state) => state.relays.verify.phase === 'verified'));
    expect(infoTable().getByText('35')).toBeTruthy();
    expect(infoTable().getByText('4.2')).toBeTruthy();
    expect(infoTable().getByText('4.14')).toBeTruthy();
    expect(infoTable().getByText('12.5 V')).toBeTruthy();

    const body = JSON.parse(
      String(app.fetchMock.mock.calls.filter(([input]) => String(input) === '/api/relays/_test')[1][1]?.body),
    );
    expect(body).toEqual({ host: 'relay.example.com', port: 17124, password });

    fill('IP address/DNS', 'other.example.com');
    expect(infoTable().getAllByText('Waiting to verify')).toHaveLength(5);
  });

  it('shows a refused private address in the Relay Info table with what to do', async () => {
    const app = await openForm();
    verifyAnswer = () => jsonResponse(400, 'Bad Request', { err: refused });
    fill('IP address/DNS', '192.168.1.20');
    fill('Password', password);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Connection' }));
    await act(() => waitForState(app.store, (state) => state.relays.verify.phase === 'failed'));
    expect(infoTable().getByText(refused, { exact: false })).toBeTruthy();
    expect(infoTable().getByText(REFUSED_TARGET_GUIDANCE)).toBeTruthy();
  });

  it('shows a refused save in a red alert and stays; a saved relay opens on its actions', async () => {
    const app = await openForm();
    fill('IP address/DNS', 'relay.example.com');
    fill('Password', password);
    fill('Relay Nickname', 'Strobe');

    saveAnswer = () => jsonResponse(400, 'Bad Request', { err: refused });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => waitForState(app.store, (state) => state.relays.forms.saveRelay.error !== null));
    expect(within(screen.getByRole('alert')).getByText(REFUSED_TARGET_GUIDANCE)).toBeTruthy();
    expect(app.path()).toBe('/relay/add');

    const saved: RelayDto = { id: 7, host: 'relay.example.com', name: 'Strobe', port: 17123, actions: [] };
    storedRelays = [saved];
    saveAnswer = () => jsonResponse(200, 'OK', saved);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => waitForState(app.store, (state) => state.relays.forms.saveRelay.done));
    expect(app.path()).toBe('/relay/7');
    await screen.findByRole('heading', { name: 'Strobe' });
    const saveCall = app.fetchMock.mock.calls.find(([input]) => String(input) === '/api/relays/_new');
    expect(JSON.parse(String(saveCall?.[1]?.body))).toEqual({
      host: 'relay.example.com',
      port: 17123,
      name: 'Strobe',
      password,
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7] !== undefined));
  });

  it('takes no more in each field than the API accepts', async () => {
    await openForm();
    const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    expect(input('IP address/DNS').maxLength).toBe(HOST_MAX_LENGTH);
    expect([input('Port').min, input('Port').max]).toEqual([String(RELAY_PORT_MIN), String(RELAY_PORT_MAX)]);
    expect(input('Password').maxLength).toBe(RELAY_PASSWORD_LENGTH);
    expect(input('Relay Nickname').maxLength).toBe(RELAY_NAME_MAX_LENGTH);
  });
});
