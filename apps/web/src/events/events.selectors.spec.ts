import type { EventDto } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
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
        location: 'Zone 3',
        test: false,
      },
      {
        id: 2,
        category: 'fire',
        heading: '(2) Fire alarm',
        time: '04/03/2026 05:06:07 UTC',
        location: null,
        test: false,
      },
      {
        id: 3,
        category: 'fire',
        heading: '(2) Fire alarm',
        time: '04/03/2026 05:06:07 UTC',
        location: null,
        test: false,
      },
    ]);
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
