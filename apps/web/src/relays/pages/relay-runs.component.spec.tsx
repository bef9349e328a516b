import { act, screen, within } from '@testing-library/react';
import {
  HANDLED_BEFORE_RESTORE,
  HANDLED_BEFORE_RESTORE_REASON,
  type NotificationDto,
  type RelayActionRunDto,
  type RelayDto,
} from '@app/contracts';
import {
  logEventsReceived,
  notificationEventReceived,
  relayRunReceived,
  type LiveLogEvent,
} from '../../livefeed/livefeed.actions';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';

const site = '0011aabbcc31';
const relay: RelayDto = {
  id: 7,
  host: 'relay.example.com',
  name: 'Strobe',
  port: 17123,
  actions: [
    {
      id: 3,
      hwaddr: site,
      on_fire: { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
      on_fault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    },
  ],
};
const run = (
  id: number,
  trigger: 'fire' | 'fault',
  status: RelayActionRunDto['status'],
  error: string | null = null,
): RelayActionRunDto => ({
  id,
  action_id: 3,
  hwaddr: site,
  event_seq: 100 + id,
  trigger,
  status,
  attempts: status === 'failed' ? 5 : 1,
  error,
  created_at: '2026-06-01T10:00:00.000Z',
  finished_at: '2026-06-01T10:00:01.000Z',
});
const liveEvent = (hwaddr: string, category: LiveLogEvent['category']): LiveLogEvent => ({
  hwaddr,
  category,
  title: 'Fire alarm',
  id: 1,
  networkId: 1,
  date: '2026-06-01T10:00:00.000Z',
  receivedAt: '2026-06-01T10:00:00.000Z',
  location: 'Zone 1',
  eventCategory: category === 'other' ? 'system' : category,
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

const relayFailure: NotificationDto = {
  id: 9,
  hwaddr: site,
  created_at: '2026-06-01T10:01:00.000Z',
  notification_type: 'RELAY_FAILURE',
  notification_data: { recorded_time: '', panel_time: '' },
  title: 'Relay action failed',
  text: 'Strobe did not act on a fault',
  resolved_by: null,
  resolved_on: null,
};

describe("relay screen's recent runs", () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;
  let runs: RelayActionRunDto[];

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    runs = [];
  });

  async function openRelay() {
    rendered = await renderApp('/relay/7', (path) => {
      if (path === '/api/relays') return jsonResponse(200, 'OK', [relay]);
      if (path === '/api/relays/7/runs') return jsonResponse(200, 'OK', runs);
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([site]) });
      if (path === '/api/v2/sites') {
        return jsonResponse(200, 'OK', [
          {
            hwaddr: site,
            name: 'Warehouse',
            status: 'AUTHED',
            adminKey: '',
            panelType: 'SMARTLOOP_MK2',
            emailEvents: false,
            lastEventSeen: null,
            unreadCount: 0,
            perPanelCount: {},
          },
        ]);
      }
      return undefined;
    });
    const app = rendered;
    await act(() =>
      waitForState(app.store, (state) => state.relays.runs[7] !== undefined && state.relays.sites !== null),
    );
    return app;
  }

  const runLoads = (app: Awaited<ReturnType<typeof renderApp>>) =>
    requestsOf(app.fetchMock).filter((request) => request === 'GET /api/relays/7/runs').length;

  it('shows the run the live feed tells of after a fire, asking nothing', async () => {
    const app = await openRelay();
    expect(screen.getByText('No runs yet: an action runs when its site reports a fire or a fault.')).toBeTruthy();
    const before = runLoads(app);

    act(() => {
      app.store.dispatch(logEventsReceived([liveEvent(site, 'fire')]));
      app.store.dispatch(relayRunReceived({ relayId: 7, change: 'succeeded', run: run(1, 'fire', 'succeeded') }));
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7].length === 1));
    const row = within(screen.getByRole('region', { name: 'Recent runs' }))
      .getByText('Warehouse')
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Fire')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(runLoads(app)).toBe(before);
  });

  it("shows a failure's reason from the live feed; its 'Relay action failed' notification asks nothing", async () => {
    const app = await openRelay();
    const before = runLoads(app);
    act(() => {
      app.store.dispatch(notificationEventReceived({ hwaddr: site, notification: relayFailure, unreadCount: 1 }));
      app.store.dispatch(
        relayRunReceived({
          relayId: 7,
          change: 'failed',
          run: run(2, 'fault', 'failed', 'Relay board refused the connection'),
        }),
      );
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7].length === 1));
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Relay board refused the connection')).toBeTruthy();
    expect(runLoads(app)).toBe(before);
  });

  it("shows a run suppressed by its site's test mode, with the reason, as no failure", async () => {
    const app = await openRelay();
    const reason = 'Suppressed: site in test mode (Detector tests)';
    act(() => {
      app.store.dispatch(
        relayRunReceived({
          relayId: 7,
          change: 'suppressed',
          run: { ...run(3, 'fire', 'suppressed', reason), attempts: 0 },
        }),
      );
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7].length === 1));
    const row = screen.getByText('Suppressed').closest('tr') as HTMLElement;
    expect(row.dataset.runStatus).toBe('suppressed');
    expect(within(row).getByText(reason).className).toBe('text-muted');
  });

  it('shows a run handled before a database restore, with why, as no failure', async () => {
    const app = await openRelay();
    act(() => {
      app.store.dispatch(
        relayRunReceived({
          relayId: 7,
          change: HANDLED_BEFORE_RESTORE,
          run: { ...run(4, 'fire', HANDLED_BEFORE_RESTORE, HANDLED_BEFORE_RESTORE_REASON), attempts: 0 },
        }),
      );
    });
    await act(() => waitForState(app.store, (state) => state.relays.runs[7].length === 1));
    const row = screen.getByText('Before restore').closest('tr') as HTMLElement;
    expect(row.dataset.runStatus).toBe(HANDLED_BEFORE_RESTORE);
    expect(within(row).getByText(HANDLED_BEFORE_RESTORE_REASON).className).toBe('text-muted');
  });
});
