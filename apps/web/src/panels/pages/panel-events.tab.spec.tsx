import { act, screen } from '@testing-library/react';
import { FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { feedReconnected } from '../../livefeed/livefeed.actions';

describe('panel Events tab and reconnects', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it("lists this network's events only, with the panel's unread count as its badge", async () => {
    const api = new FakePanelApi(undefined, { perPanelCount: { '1': 4, '2': 9 }, unreadCount: 13 });
    rendered = await renderApp(`/site/${PANEL_HWADDR}/panel/1/events`, api.answer);
    await screen.findByText('No Panel Events Found.');
    const eventsRequests = requestsOf(rendered.fetchMock).filter((request) => request.includes('/events?'));
    expect(eventsRequests.length).toBeGreaterThan(0);
    for (const request of eventsRequests)
      expect(new URL(request.split(' ')[1], 'http://localhost').searchParams.get('networkId')).toBe('1');
    expect(screen.getByRole('link', { name: /Events/ }).textContent).toBe('Events 4');
  });

  it('asks the command log and the latest event again after the live feed reconnects', async () => {
    rendered = await renderApp(`/site/${PANEL_HWADDR}/panel/1/status`, new FakePanelApi().answer);
    await screen.findByText('No event found.');
    await act(() => waitForState(rendered!.store, (state) => state.panels.audit[PANEL_HWADDR]?.loading === false));
    const before = requestsOf(rendered.fetchMock).length;

    act(() => {
      rendered!.store.dispatch(feedReconnected());
    });
    await act(() => waitForState(rendered!.store, (state) => state.panels.audit[PANEL_HWADDR]?.loading === false));
    const again = requestsOf(rendered.fetchMock).slice(before);
    expect(again).toEqual(
      expect.arrayContaining([
        `GET /api/v2/sites/${PANEL_HWADDR}/audit`,
        `GET /api/v2/sites/${PANEL_HWADDR}/events?networkId=1&limit=1`,
      ]),
    );
  });
});
