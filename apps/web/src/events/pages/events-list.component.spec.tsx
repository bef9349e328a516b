import { act, fireEvent, screen, within } from '@testing-library/react';
import { EVENT_CATEGORIES, type EventDto } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { EVENTS_RANGE_REVERSED } from './events-messages.constants';

const hwaddr = '0011aabbccdd';
const events: EventDto[] = EVENT_CATEGORIES.map((category, index) => ({
  id: index + 1,
  hwaddr,
  networkId: 1,
  category,
  title: `${category} event`,
  date: '2023-04-01T10:00:00.000Z',
  receivedAt: '2023-04-01T10:00:00.000Z',
  location: 'N/A',
  // The fire arrived while its site was in test mode.
  test: category === 'fire',
}));

describe('events page: dates and icons', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openEvents() {
    const app = await renderApp(`/site/${hwaddr}/events`, (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path.startsWith(`/api/v2/sites/${hwaddr}/events?`))
        return jsonResponse(200, 'OK', { events, total: events.length });
      return undefined;
    });
    await screen.findByText('(1) fire event');
    return app;
  }

  const eventRequests = (app: Awaited<ReturnType<typeof renderApp>>) =>
    requestsOf(app.fetchMock).filter((request) => request.startsWith(`GET /api/v2/sites/${hwaddr}/events?`));

  it('catches a From after To with a clear message, sends no request and hides the stale list', async () => {
    const app = await openEvents();
    const before = eventRequests(app).length;

    fireEvent.change(document.getElementById('events-from') as HTMLInputElement, { target: { value: '01/01/2099' } });

    expect(screen.getByRole('alert').textContent).toBe(EVENTS_RANGE_REVERSED);
    expect(screen.queryByText('(1) fire event')).toBeNull();
    expect(eventRequests(app)).toHaveLength(before);
    expect(app.store.getState().events.filter.from).not.toBe('2099-01-01T00:00:00.000Z');

    // Putting To after From again sends the corrected range, once.
    fireEvent.change(document.getElementById('events-to') as HTMLInputElement, { target: { value: '31/12/2099' } });
    await act(() => waitForState(app.store, (state) => !state.events.loading));
    expect(screen.queryByText(EVENTS_RANGE_REVERSED)).toBeNull();
    expect(eventRequests(app)).toHaveLength(before + 1);
    expect(eventRequests(app).at(-1)).toContain('start=2099-01-01T00%3A00%3A00.000Z');
  });

  it('sends one request per typed date, not two', async () => {
    const app = await openEvents();
    const before = eventRequests(app).length;

    fireEvent.change(document.getElementById('events-from') as HTMLInputElement, { target: { value: '01/01/2020' } });
    await act(() => waitForState(app.store, (state) => !state.events.loading));

    expect(eventRequests(app)).toHaveLength(before + 1);
    expect(eventRequests(app).at(-1)).toContain('start=2020-01-01T00%3A00%3A00.000Z');
  });

  it('gives each category its own glyph and name, Fire apart from Fault and System apart from Service', async () => {
    await openEvents();
    const icons = screen.getAllByRole('img');
    const byName = Object.fromEntries(
      icons.map((icon) => [icon.getAttribute('aria-label'), icon.querySelector('path')?.getAttribute('d')]),
    );

    expect(Object.keys(byName).sort()).toEqual(['Fault', 'Fire', 'Service', 'System', 'Technical']);
    expect(new Set(Object.values(byName)).size).toBe(5);
    expect(byName.Fire).not.toBe(byName.Fault);
    expect(byName.System).not.toBe(byName.Service);
    for (const icon of icons) expect(within(icon).queryByText(/^[A-Z]$/)).toBeNull();
  });

  it("marks an event that arrived during its site's test mode with a 'Test' badge, and only that one", async () => {
    await openEvents();
    const rows = [...document.querySelectorAll('.event-row')] as HTMLElement[];
    const marked = rows.filter((row) => within(row).queryByText('Test') !== null);
    expect(marked.map((row) => row.querySelector('.event-row__title')?.textContent)).toEqual(['(1) fire event']);
  });
});
