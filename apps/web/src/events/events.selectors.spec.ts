import type { EventDto } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { clientConfigLoaded } from '../auth/auth.slice';
import { eventsQueryOf } from './events-query.util';
import { selectEventRows, selectEventsEmptyMessage, selectEventsPaging } from './events.selectors';
import { eventsCategoryChosen, eventsDatesChosen, eventsLoaded, eventsOpened, eventsPageChosen } from './events.slice';

const event = (id: number, location: string): EventDto => ({
  id,
  hwaddr: '0011aabbccdd',
  networkId: 2,
  category: 'fire',
  title: 'Fire alarm',
  date: '2026-03-04T05:06:07.000Z',
  receivedAt: '2026-03-04T05:06:07.000Z',
  location,
});

describe('events state and selectors', () => {
  const opened = rootReducer(
    undefined,
    eventsOpened({ hwaddr: '0011aabbccdd', from: '2026-02-02T00:00:00.000Z', to: '2026-03-04T00:00:00.000Z' }),
  );

  it('shows rows as (networkId) title, UTC time and location, hiding No location and N/A', () => {
    const state = rootReducer(
      opened,
      eventsLoaded({ events: [event(1, 'Zone 3'), event(2, 'No location'), event(3, 'N/A')], total: 3 }),
    );

    expect(selectEventRows(state)).toEqual([
      {
        id: 1,
        category: 'fire',
        heading: '(2) Fire alarm',
        time: '04/03/2026 05:06:07 UTC',
        panelTime: null,
        location: 'Zone 3',
        test: false,
      },
      {
        id: 2,
        category: 'fire',
        heading: '(2) Fire alarm',
        time: '04/03/2026 05:06:07 UTC',
        panelTime: null,
        location: null,
        test: false,
      },
      {
        id: 3,
        category: 'fire',
        heading: '(2) Fire alarm',
        time: '04/03/2026 05:06:07 UTC',
        panelTime: null,
        location: null,
        test: false,
      },
    ]);
  });

  it("shows the panel's clock beside the arrival when the two differ by more than the API's desync threshold", () => {
    const slowClock = { ...event(4, 'Zone 3'), date: '2026-03-04T04:41:07.000Z' };
    const nearly = { ...event(5, 'Zone 3'), date: '2026-03-04T04:57:07.000Z' };
    const state = rootReducer(opened, eventsLoaded({ events: [slowClock, nearly], total: 2 }));
    expect(selectEventRows(state).map((row) => [row.time, row.panelTime])).toEqual([
      ['04/03/2026 05:06:07 UTC', 'Panel clock: 04/03/2026 04:41:07 UTC'],
      // 9 minutes off: within the default threshold (10 minutes).
      ['04/03/2026 05:06:07 UTC', null],
    ]);
    const strict = rootReducer(
      state,
      clientConfigLoaded({
        issuer: 'fire-alarm-portal-api',
        supportPhone: '',
        supportEmail: '',
        supportAddress: '',
        providerName: '',
        timeDesyncThresholdSeconds: 60,
      }),
    );
    expect(selectEventRows(strict)[1].panelTime).toBe('Panel clock: 04/03/2026 04:57:07 UTC');
  });

  it("marks the rows of events that arrived during their site's test mode", () => {
    const state = rootReducer(
      opened,
      eventsLoaded({ events: [{ ...event(1, 'Zone 3'), test: true }, event(2, 'Zone 3')], total: 2 }),
    );
    expect(selectEventRows(state).map((row) => row.test)).toEqual([true, false]);
  });

  it('pages by 20 with page / total and goes back to page 1 on any filter change', () => {
    const loaded = rootReducer(rootReducer(opened, eventsLoaded({ events: [], total: 41 })), eventsPageChosen(3));
    expect(selectEventsPaging(loaded)).toEqual({ page: 3, pages: 3, hasPrevious: true, hasNext: false });
    expect(eventsQueryOf(loaded.events.filter)).toMatchObject({ limit: 20, offset: 40 });

    expect(rootReducer(loaded, eventsCategoryChosen('fault')).events.filter.page).toBe(1);
    expect(rootReducer(loaded, eventsDatesChosen({ from: '2026-01-01T00:00:00.000Z' })).events.filter.page).toBe(1);
    expect(selectEventsPaging(rootReducer(opened, eventsLoaded({ events: [], total: 0 })))).toMatchObject({ pages: 1 });
  });

  it('names search criteria in the empty message only once a filter is in use', () => {
    expect(selectEventsEmptyMessage(opened)).toBe('No Panel Events Found.');
    expect(selectEventsEmptyMessage(rootReducer(opened, eventsCategoryChosen('fire')))).toBe(
      'No events found matching your search criteria.',
    );
    expect(selectEventsEmptyMessage(rootReducer(opened, eventsDatesChosen({ to: '2026-03-01T00:00:00.000Z' })))).toBe(
      'No events found matching your search criteria.',
    );
  });

  it('asks the API for the whole last day and no category for All', () => {
    expect(eventsQueryOf(opened.events.filter)).toEqual({
      start: '2026-02-02T00:00:00.000Z',
      end: '2026-03-04T23:59:59.999Z',
      category: undefined,
      limit: 20,
      offset: 0,
    });
  });
});
