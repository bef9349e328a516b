import type { EventDto } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { logEventsReceived, type LiveLogEvent } from '../livefeed/livefeed.actions';
import { eventsDatesChosen, eventsLoaded, eventsOpened, eventsPageChosen } from './events.slice';

const hwaddr = '0011aabbccdd';

/** An event the panel dated `date`, received then unless `receivedAt` says otherwise. */
const stored = (id: number, date: string, category: EventDto['category'] = 'fire', receivedAt = date): EventDto => ({
  id,
  hwaddr,
  networkId: 1,
  category,
  title: `Event ${id}`,
  date,
  location: 'Zone 1',
  receivedAt,
});

const live = (event: EventDto): LiveLogEvent => ({
  hwaddr: event.hwaddr,
  category: event.category === 'fire' || event.category === 'fault' ? event.category : 'other',
  title: event.title,
  id: event.id,
  networkId: event.networkId,
  date: event.date,
  location: event.location,
  eventCategory: event.category,
  receivedAt: event.receivedAt,
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

/** 20 events a minute apart on 2026-06-01 from 10:00, newest first as the API pages them. */
const fullPage = Array.from({ length: 20 }, (_, index) =>
  stored(100 - index, `2026-06-01T10:${String(59 - index).padStart(2, '0')}:00.000Z`),
);

const opened = rootReducer(
  undefined,
  eventsOpened({ hwaddr, from: '2026-05-01T00:00:00.000Z', to: '2026-06-30T00:00:00.000Z' }),
);

describe('live events on the events page', () => {
  it('ignores an event the page already lists (counted once)', () => {
    const state = rootReducer(
      rootReducer(opened, eventsLoaded({ events: fullPage.slice(0, 3), total: 3 })),
      logEventsReceived([live(fullPage[1])]),
    );

    expect(state.events.events.map((event) => event.id)).toEqual([100, 99, 98]);
    expect(state.events.total).toBe(3);
  });

  it("places an event received earlier at its place in the order, and leaves out one after the page's To day", () => {
    const loaded = rootReducer(opened, eventsLoaded({ events: fullPage.slice(0, 3), total: 3 }));
    const between = stored(7, '2026-06-01T10:58:30.000Z');
    const afterTo = stored(8, '2026-07-01T00:00:00.000Z');
    const state = rootReducer(loaded, logEventsReceived([live(between), live(afterTo)]));

    expect(state.events.events.map((event) => event.id)).toEqual([100, 7, 99, 98]);
    expect(state.events.total).toBe(4);
  });

  it("puts a fire that has just arrived first, however far behind its panel's clock is", () => {
    const loaded = rootReducer(opened, eventsLoaded({ events: fullPage.slice(0, 3), total: 3 }));
    // Dated 25 minutes before the newest note by its slow clock, received after it.
    const fire = stored(300, '2026-06-01T10:34:00.000Z', 'fire', '2026-06-01T11:00:00.000Z');
    const state = rootReducer(loaded, logEventsReceived([live(fire)]));

    expect(state.events.events.map((event) => event.id)).toEqual([300, 100, 99, 98]);
  });

  it('on a later page, a newer event only moves the total; an older one that sorts inside the page joins it', () => {
    const second = rootReducer(rootReducer(opened, eventsPageChosen(2)), eventsLoaded({ events: fullPage, total: 40 }));
    const newer = stored(200, '2026-06-02T00:00:00.000Z');
    const inside = stored(3, '2026-06-01T10:45:30.000Z');
    const state = rootReducer(second, logEventsReceived([live(newer), live(inside)]));

    expect(state.events.total).toBe(42);
    expect(state.events.events).toHaveLength(20);
    expect(state.events.events.map((event) => event.id)).not.toContain(200);
    expect(state.events.events.findIndex((event) => event.id === 3)).toBe(14);
    expect(state.events.events.at(-1)?.id).toBe(82);
  });

  it('keeps an event that arrives while a page is asked and adds it when the answer lacks it', () => {
    const asking = rootReducer(
      rootReducer(opened, eventsLoaded({ events: [], total: 0 })),
      eventsDatesChosen({ from: '2026-05-15T00:00:00.000Z' }),
    );
    const arrived = stored(50, '2026-06-03T00:00:00.000Z');
    const waiting = rootReducer(asking, logEventsReceived([live(arrived)]));
    expect(waiting.events.events).toEqual([]);

    // The answer was read before the event was stored: it joins, counted.
    const lacking = rootReducer(waiting, eventsLoaded({ events: fullPage.slice(0, 2), total: 2 }));
    expect(lacking.events.events.map((event) => event.id)).toEqual([50, 100, 99]);
    expect(lacking.events.total).toBe(3);

    // The answer already holds it: nothing is added twice.
    const holding = rootReducer(waiting, eventsLoaded({ events: [arrived, ...fullPage.slice(0, 2)], total: 3 }));
    expect(holding.events.events.map((event) => event.id)).toEqual([50, 100, 99]);
    expect(holding.events.total).toBe(3);
  });
});
