import { WEBHOOK_MESSAGES, type SiteWebhook, type WebhookDeliveryView } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import { authReady } from '../auth/auth.slice';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { WEBHOOK_DELIVERIES_REFRESH_MS } from './webhooks.constants';
import {
  webhookNewSecretRequested,
  webhookRemoveRequested,
  webhookSaveRequested,
  webhookSectionClosed,
  webhookSectionOpened,
  webhookTestRequested,
} from './webhooks.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbcc51';
const base = `/api/v2/sites/${hwaddr}/webhook`;
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const saved: SiteWebhook = {
  url: 'https://receiver.example.com/alarms',
  secret,
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:00:00.000Z',
};

function delivery(messageId: string, state: WebhookDeliveryView['state'], tries = 0): WebhookDeliveryView {
  return {
    messageId,
    type: messageId.startsWith('test') ? 'webhook.test' : 'alarm.fire',
    state,
    createdAt: '2026-05-01T10:00:00.000Z',
    deliveredAt: state === 'delivered' ? '2026-05-01T10:00:01.000Z' : null,
    reason: state === 'cancelled' ? 'The webhook was removed' : null,
    possibleRepeat: false,
    attempts: Array.from({ length: tries }, (_, at) => ({
      attempt: at + 1,
      at: '2026-05-01T10:00:01.000Z',
      statusCode: state === 'delivered' && at === tries - 1 ? 200 : 500,
      error: state === 'delivered' && at === tries - 1 ? null : 'HTTP 500',
      durationMs: 40,
    })),
  };
}

/**
 * A site's webhook section through the real store, reducers and sagas; only fetch is replaced, by a
 * small fake of the webhook API that holds the site's webhook and deliveries.
 */
describe('webhooks sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  /** What the fake API holds; read as each request arrives. */
  let webhook: SiteWebhook | null;
  let deliveries: WebhookDeliveryView[];
  /** The webhook API's requests, as 'METHOD path-below-the-webhook' with their bodies. */
  let requests: Array<{ request: string; body: unknown }>;
  /** Answers a request instead of the fake, when it returns one. */
  let refuse: (request: string) => Response | Promise<Response> | undefined;

  const site = (state: RootState) => state.webhooks.sites[hwaddr];
  const sent = () => requests.map(({ request }) => request);

  function answer(request: string, body: unknown): Response {
    if (request === 'GET ') return jsonResponse(200, 'OK', { webhook });
    if (request === 'GET /deliveries') return jsonResponse(200, 'OK', deliveries);
    if (request === 'PUT ') {
      const { url, newSecret } = body as { url: string; newSecret?: boolean };
      webhook = {
        url,
        secret: newSecret || !webhook ? `whsec_new${requests.length}` : webhook.secret,
        createdAt: webhook?.createdAt ?? '2026-05-02T08:00:00.000Z',
        updatedAt: '2026-05-02T08:00:00.000Z',
      };
      return jsonResponse(200, 'OK', webhook);
    }
    if (request === 'DELETE ') {
      webhook = null;
      deliveries = deliveries.map((known) => (known.state === 'owed' ? { ...known, state: 'cancelled' } : known));
      return jsonResponse(200, 'OK', {});
    }
    if (request === 'POST /test') {
      const queued = delivery(`test-${requests.length}`, 'owed');
      deliveries = [queued, ...deliveries];
      return jsonResponse(200, 'OK', queued);
    }
    return jsonResponse(404, 'Not Found', { err: 'no route' });
  }

  beforeEach(async () => {
    webhook = saved;
    deliveries = [delivery('alarm-1', 'delivered', 1)];
    requests = [];
    refuse = () => undefined;
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [hwaddr] });
    installFetchMock().mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      if (!path.startsWith(base)) return jsonResponse(404, 'Not Found', { err: 'no route' });
      const request = `${init?.method ?? 'GET'} ${path.slice(base.length)}`;
      const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
      requests.push({ request, body });
      return (await refuse(request)) ?? answer(request, body);
    });
    // The refreshes' timers are the test's to move.
    jest.useFakeTimers();
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  /** The webhook API has been asked this many times and the store has moved since the last ask. */
  const waitForRequests = (count: number) => waitForState(app.store, () => sent().length >= count);

  async function openSection() {
    app.store.dispatch(webhookSectionOpened(hwaddr));
    return waitForState(app.store, (state) => site(state)?.loaded === true && site(state)?.deliveries !== null);
  }

  it('loads the webhook and its deliveries when the section opens', async () => {
    const state = await openSection();
    expect(site(state)).toEqual({
      loaded: true,
      webhook: saved,
      loadError: null,
      deliveries: [delivery('alarm-1', 'delivered', 1)],
      deliveriesError: null,
    });
    expect(state.webhooks.openHwaddr).toBe(hwaddr);
    expect(sent().sort()).toEqual(['GET ', 'GET /deliveries']);
  });

  it('knows a site without a webhook, and shows why a load was refused', async () => {
    webhook = null;
    deliveries = [];
    let state = await openSection();
    expect(site(state)).toMatchObject({ loaded: true, webhook: null, loadError: null, deliveries: [] });

    app.store.dispatch(webhookSectionClosed(hwaddr));
    refuse = (request) =>
      request === 'GET ' ? jsonResponse(403, 'Forbidden', { err: 'You have no access to this site' }) : undefined;
    app.store.dispatch(webhookSectionOpened(hwaddr));
    state = await waitForState(app.store, (current) => site(current).loadError !== null);
    expect(site(state).loadError).toBe('You have no access to this site');
  });

  it('saves a new address and keeps the secret the server answers', async () => {
    webhook = null;
    await openSection();
    app.store.dispatch(webhookSaveRequested({ hwaddr, url: 'https://bms.example.org/hook' }));
    expect(app.store.getState().webhooks.forms.saveWebhook.pending).toBe(true);
    const state = await waitForState(app.store, (current) => current.webhooks.forms.saveWebhook.done);

    expect(requests.at(-1)).toEqual({ request: 'PUT ', body: { url: 'https://bms.example.org/hook' } });
    expect(site(state).webhook).toEqual({
      url: 'https://bms.example.org/hook',
      secret: 'whsec_new3',
      createdAt: '2026-05-02T08:00:00.000Z',
      updatedAt: '2026-05-02T08:00:00.000Z',
    });
  });

  it("shows the server's err when a save is refused, and keeps the saved webhook", async () => {
    await openSection();
    refuse = (request) =>
      request === 'PUT ' ? jsonResponse(400, 'Bad Request', { err: WEBHOOK_MESSAGES.urlPrivate }) : undefined;
    app.store.dispatch(webhookSaveRequested({ hwaddr, url: 'https://10.0.0.5/hook' }));
    const state = await waitForState(app.store, (current) => current.webhooks.forms.saveWebhook.error !== null);

    expect(state.webhooks.forms.saveWebhook).toEqual({
      pending: false,
      error: WEBHOOK_MESSAGES.urlPrivate,
      done: false,
      notice: null,
    });
    expect(site(state).webhook).toEqual(saved);
  });

  it('makes a new secret for the saved address, not for an edited one', async () => {
    await openSection();
    app.store.dispatch(webhookNewSecretRequested({ hwaddr }));
    const state = await waitForState(app.store, (current) => current.webhooks.forms.newSecret.done);

    expect(requests.at(-1)).toEqual({ request: 'PUT ', body: { url: saved.url, newSecret: true } });
    expect(site(state).webhook?.secret).toBe('whsec_new3');
    expect(site(state).webhook?.url).toBe(saved.url);
    expect(state.webhooks.forms.saveWebhook.done).toBe(false);
  });

  it('removes the webhook and lists the deliveries it cancelled', async () => {
    deliveries = [delivery('alarm-2', 'owed'), delivery('alarm-1', 'delivered', 1)];
    await openSection();
    app.store.dispatch(webhookRemoveRequested({ hwaddr }));
    const state = await waitForState(
      app.store,
      (current) => current.webhooks.forms.removeWebhook.done && site(current).deliveries?.[0].state === 'cancelled',
    );

    expect(site(state).webhook).toBeNull();
    expect(site(state).deliveries?.map((known) => known.state)).toEqual(['cancelled', 'delivered']);
    expect(sent().slice(2)).toEqual(['DELETE ', 'GET /deliveries']);
  });

  it('shows a refused removal and a refused test in their own statuses', async () => {
    await openSection();
    refuse = (request) =>
      request === 'GET ' ? undefined : jsonResponse(404, 'Not Found', { err: WEBHOOK_MESSAGES.none });
    app.store.dispatch(webhookRemoveRequested({ hwaddr }));
    app.store.dispatch(webhookTestRequested({ hwaddr }));
    const state = await waitForState(
      app.store,
      (current) =>
        current.webhooks.forms.removeWebhook.error !== null && current.webhooks.forms.sendTest.error !== null,
    );

    expect(state.webhooks.forms.removeWebhook.error).toBe(WEBHOOK_MESSAGES.none);
    expect(state.webhooks.forms.sendTest.error).toBe(WEBHOOK_MESSAGES.none);
    expect(site(state).webhook).toEqual(saved);
  });

  it('puts a test message on top at once, refreshes while it is owed, then stops asking', async () => {
    await openSection();
    app.store.dispatch(webhookTestRequested({ hwaddr }));
    const state = await waitForState(app.store, (current) => current.webhooks.forms.sendTest.done);
    expect(site(state).deliveries?.map((known) => [known.messageId, known.state])).toEqual([
      ['test-3', 'owed'],
      ['alarm-1', 'delivered'],
    ]);
    // The list is asked again at once (a list on its way may not have the test yet)...
    await waitForRequests(4);
    expect(sent().slice(2)).toEqual(['POST /test', 'GET /deliveries']);

    // ...then every few seconds while the test is owed, sending or retrying...
    deliveries = [delivery('test-3', 'retrying', 1), deliveries[1]];
    await jest.advanceTimersByTimeAsync(WEBHOOK_DELIVERIES_REFRESH_MS);
    await waitForState(app.store, (current) => site(current).deliveries?.[0].state === 'retrying');
    expect(sent()).toHaveLength(5);
    deliveries = [delivery('test-3', 'delivered', 2), deliveries[1]];
    await jest.advanceTimersByTimeAsync(WEBHOOK_DELIVERIES_REFRESH_MS);
    await waitForState(app.store, (current) => site(current).deliveries?.[0].state === 'delivered');
    expect(sent()).toHaveLength(6);

    // ...and not at all once nothing is.
    await jest.advanceTimersByTimeAsync(5 * WEBHOOK_DELIVERIES_REFRESH_MS);
    expect(sent()).toHaveLength(6);
  });

  it('stops refreshing once the section closes', async () => {
    deliveries = [delivery('alarm-2', 'retrying', 1)];
    await openSection();
    await jest.advanceTimersByTimeAsync(WEBHOOK_DELIVERIES_REFRESH_MS);
    await waitForRequests(3);

    app.store.dispatch(webhookSectionClosed(hwaddr));
    await jest.advanceTimersByTimeAsync(5 * WEBHOOK_DELIVERIES_REFRESH_MS);
    expect(sent()).toEqual(['GET ', 'GET /deliveries', 'GET /deliveries']);
    expect(app.store.getState().webhooks.openHwaddr).toBeNull();
  });

  it('drops a list asked for before the test was queued: the test stays on top', async () => {
    // The first list is still on its way when 'Send test' is pressed; it comes (without the test) after.
    let release: (response: Response) => void = () => undefined;
    refuse = (request) => {
      if (request !== 'GET /deliveries') return undefined;
      refuse = () => undefined;
      return new Promise<Response>((resolve) => (release = resolve));
    };
    app.store.dispatch(webhookSectionOpened(hwaddr));
    await waitForState(app.store, (current) => site(current)?.loaded === true);
    await waitForRequests(2);
    app.store.dispatch(webhookTestRequested({ hwaddr }));
    const state = await waitForState(app.store, (current) => site(current).deliveries?.length === 2);
    release(jsonResponse(200, 'OK', [delivery('alarm-1', 'delivered', 1)]));
    await jest.advanceTimersByTimeAsync(50);

    expect(site(app.store.getState()).deliveries).toBe(site(state).deliveries);
    expect(site(state).deliveries?.map((known) => known.messageId)).toEqual(['test-3', 'alarm-1']);
  });
});
