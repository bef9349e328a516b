import { act, fireEvent, screen, within } from '@testing-library/react';
import type { RelayDto } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';

const site = '0011aabbcc41';
const relay: RelayDto = {
  id: 7,
  host: 'relay.example.com',
  name: 'Strobe',
  port: 17123,
  actions: [
    {
      id: 3,
      hwaddr: site,
      on_fire: { relay_1: 5, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
      on_fault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    },
  ],
};

describe('relay action card: pulse seconds', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openRelay() {
    const app = await renderApp('/relay/7', (path) => {
      if (path === '/api/relays') return jsonResponse(200, 'OK', [relay]);
      if (path === '/api/relays/7/runs') return jsonResponse(200, 'OK', []);
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([site]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', []);
      return undefined;
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7] !== undefined));
    return app;
  }

  it('refuses more seconds than a board can time (it would latch the relay on), and takes the most it can', async () => {
    const app = await openRelay();
    const card = within(screen.getByText('Save').closest('.relay-action') as HTMLElement);
    const [fireRelay1] = card.getAllByLabelText('Trigger relay 1 for (seconds)') as HTMLInputElement[];
    expect(fireRelay1.max).toBe('2147483');

    fireEvent.change(fireRelay1, { target: { value: '2147484' } });
    expect(card.getByText('Seconds must be at most 2147483')).toBeTruthy();
    expect((card.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(requestsOf(app.fetchMock)).not.toContain('POST /api/relays/7/actions');

    fireEvent.change(fireRelay1, { target: { value: '2147483' } });
    expect(card.queryByText('Seconds must be at most 2147483')).toBeNull();
    expect((card.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
