import type { RuntimeReport, SiteSummary } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import type { RootState } from '../shared/root-state.types';
import { FakePortalApi } from '../../test/fake-portal-api.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { selectSiteManagerTiles } from './site-manager.selectors';

const issuer = 'fire-alarm-portal-api';
const depot = '0011aabbccdd';
const annexe = '0a1b2c3d4e5f';
const report = (fire: number[]): RuntimeReport => ({ zones: { fire, fault: [] }, disabled: { sounders: false } });

/**
 * The Site Manager kept live by the feed through the real store, reducers and sagas, with the list
 * from a (fake) portal-api: a Runtime of a site that is not open moves its tile first and in fire,
 * and a burst of Runtimes reaches the tiles as one change.
 */
describe('the Site Manager tiles on the live feed', () => {
  let api: FakePortalApi;
  let app: ReturnType<typeof createAppStore>;
  let socket: FakeWebSocket;
  const seqs = new Map<string, number>();

  /** A live message about a site, numbered per site as portal-api numbers them. */
  const live = (type: string, data: { hwaddr: string; [field: string]: unknown }) => {
    const seq = (seqs.get(data.hwaddr) ?? 0) + 1;
    seqs.set(data.hwaddr, seq);
    socket.serverSends({ type, data, seq });
  };
  const tiles = (state: RootState) => selectSiteManagerTiles(state, '');

  beforeEach(async () => {
    seqs.clear();
    api = new FakePortalApi(depot, tokenWith({ iss: issuer, exp: inOneHour(), panels: [depot, annexe] }));
    api.otherSites = [{ ...api.summary(), hwaddr: annexe, name: 'Annexe' } satisfies SiteSummary];
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
    socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitUntil(() => socket.sent.length === 1, 'the token sent');
    await waitForState(app.store, (state) => state.sites.list.length === 2);
  });

  afterEach(() => app.rootTask.cancel());

  it('moves a site first and in fire on a Runtime, without asking the API, and back when the fire clears', async () => {
    expect(tiles(app.store.getState()).map((tile) => tile.label)).toEqual(['Depot', 'Annexe']);
    const asked = api.requests.length;

    live('Runtime', { hwaddr: annexe, networkId: 2, report: report([3]) });
    const fire = await waitForState(app.store, (state) => tiles(state)[0].hwaddr === annexe);

    expect(tiles(fire)[0]).toMatchObject({ label: 'Annexe', alarmState: 'fire', fireText: 'In fire: 1 zone' });
    expect(tiles(fire)[1]).toMatchObject({ label: 'Depot', alarmState: 'normal' });
    expect(api.requestsSince(asked)).toEqual([]);

    live('Runtime', { hwaddr: annexe, networkId: 2, report: report([]) });
    const cleared = await waitForState(app.store, (state) => tiles(state)[0].hwaddr === depot);
    expect(tiles(cleared).map((tile) => [tile.label, tile.alarmState])).toEqual([
      ['Depot', 'normal'],
      ['Annexe', 'normal'],
    ]);
  });

  it('applies a burst of Runtimes from several panels as one change of the tiles', async () => {
    let changes = 0;
    let shown = tiles(app.store.getState());
    const unsubscribe = app.store.subscribe(() => {
      const now = tiles(app.store.getState());
      if (now !== shown) changes += 1;
      shown = now;
    });
    try {
      for (let zone = 0; zone < 5; zone += 1) {
        live('Runtime', { hwaddr: depot, networkId: 1, report: report([zone]) });
        live('Runtime', { hwaddr: annexe, networkId: 1, report: report(zone === 4 ? [1, 2] : []) });
      }
      const state = await waitForState(
        app.store,
        (current) => tiles(current).find((tile) => tile.hwaddr === annexe)?.fireZones === 2,
      );

      // Both in fire: in the order they are listed.
      expect(tiles(state).map((tile) => [tile.label, tile.fireText])).toEqual([
        ['Depot', 'In fire: 1 zone'],
        ['Annexe', 'In fire: 2 zones'],
      ]);
      expect(changes).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});
