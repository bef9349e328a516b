import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authStarted } from '../auth/auth.slice';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { eventsExportRequested } from './events-export.slice';
import { eventsCategoryChosen, eventsDatesChosen, eventsOpened } from './events.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '00a0b1c2d3e4';
const csv =
  '\uFEFFDate (UTC),Network,Category,Title,Location,Event ID,Test\r\n01/05/2026 10:00:00,2,Fault,"Earth fault, loop 1",N/A,7,\r\n';
const exportPath = `/api/v2/sites/${hwaddr}/events/export?`;

/**
 * The Events page's Export through the real store, reducers and sagas: the CSV of the shown filters
 * is fetched with the claims token and handed to the browser as a file under the server's name.
 */
describe('events export saga', () => {
  const session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session', sub: 'user-1' });
  const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [hwaddr] });
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;
  /** The export's answer, or a promise of it to hold the request open. */
  let exportAnswer: () => Promise<Response>;
  let saved: Array<{ href: string; download: string }>;
  let objectUrls: unknown[];

  beforeEach(async () => {
    window.localStorage.clear();
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    saved = [];
    objectUrls = [];
    URL.createObjectURL = jest.fn((blob: Blob) => `blob:export-${objectUrls.push(blob)}`);
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    exportAnswer = async () =>
      new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="events-depot-2026-04-01-2026-05-31.csv"',
        },
      });
    fetchMock = installFetchMock();
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path === '/api/config') return jsonResponse(200, 'OK', { issuer });
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      if (path.startsWith(exportPath)) return exportAnswer();
      if (path.startsWith(`/api/v2/sites/${hwaddr}/events?`)) return jsonResponse(200, 'OK', { events: [], total: 0 });
      return jsonResponse(404, 'Not Found', { err: 'no route' });
    });
    app = createAppStore();
    app.store.dispatch(authStarted());
    await waitForState(app.store, (state) => state.auth.ready);
    app.store.dispatch(
      eventsOpened({ hwaddr, from: '2026-05-01T00:00:00.000Z', to: '2026-05-31T00:00:00.000Z', networkId: 2 }),
    );
    app.store.dispatch(eventsCategoryChosen('fault'));
    app.store.dispatch(eventsDatesChosen({ from: '2026-04-01T00:00:00.000Z' }));
    await waitForState(app.store, (state) => !state.events.loading);
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.restoreAllMocks();
  });

  const exportRequests = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).startsWith(exportPath))
      .map(([input, init]) => ({ url: String(input), init }));

  it('fetches every event of the shown filters with the claims token and saves the CSV under its name', async () => {
    app.store.dispatch(eventsExportRequested());
    expect(app.store.getState().eventsExport.exporting).toBe(true);
    const state = await waitForState(app.store, (current) => !current.eventsExport.exporting);

    expect(state.eventsExport).toEqual({ exporting: false, error: null });
    const [request] = exportRequests();
    const query = Object.fromEntries(new URL(request.url, 'http://portal.test').searchParams);
    // The page's filters, the 'to' day whole; no paging: the export holds every page.
    expect(query).toEqual({
      start: '2026-04-01T00:00:00.000Z',
      end: '2026-05-31T23:59:59.999Z',
      category: 'fault',
      networkId: '2',
    });
    expect((request.init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${claims}`);
    expect(saved).toEqual([{ href: 'blob:export-1', download: 'events-depot-2026-04-01-2026-05-31.csv' }]);
    // Byte for byte, the BOM included (Blob.text() would drop it).
    const bytes = new Uint8Array(await (objectUrls[0] as Blob).arrayBuffer());
    expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(csv)));
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('says why when the server refuses, and saves nothing', async () => {
    const err = 'This account already has 2 exports running: try again when one has finished';
    exportAnswer = async () => jsonResponse(429, 'Too Many Requests', { err });

    app.store.dispatch(eventsExportRequested());
    const state = await waitForState(app.store, (current) => !current.eventsExport.exporting);

    expect(state.eventsExport).toEqual({ exporting: false, error: err });
    expect(saved).toEqual([]);
  });

  it('runs one export at a time: a second click while it runs asks nothing more', async () => {
    let answer: (response: Response) => void = () => undefined;
    const held = exportAnswer;
    exportAnswer = () => new Promise((resolve) => (answer = resolve));

    app.store.dispatch(eventsExportRequested());
    await waitUntil(() => exportRequests().length === 1, 'the export asked');
    app.store.dispatch(eventsExportRequested());
    answer(await held());
    await waitForState(app.store, (current) => !current.eventsExport.exporting);

    expect(exportRequests()).toHaveLength(1);
    expect(saved).toHaveLength(1);
  });
});
