import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_MESSAGES,
  escalationPolicyOf,
  escalationStepsProblem,
  type EscalationStepSetting,
  type SiteEscalationPolicy,
} from '@app/contracts';
import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import { authReady } from '../auth/auth.slice';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { ESCALATION_TEXT } from './escalation-messages.constants';
import { escalationSaveRequested, escalationSectionClosed, escalationSectionOpened } from './escalation.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbcc51';
const path = `/api/v2/sites/${hwaddr}/escalation`;
const peoplePath = `/api/v2/sites/${hwaddr}/people`;
/** Who has access to the site, as the fake API answers. */
const people = [
  { id: '6f1c2a3b-0000-4000-8000-000000000001', name: 'Ann Smith' },
  { id: '6f1c2a3b-0000-4000-8000-000000000002', name: 'Bob Jones' },
];
const defaultPolicy: SiteEscalationPolicy = {
  steps: [...DEFAULT_ESCALATION_POLICY],
  isDefault: true,
  updatedBy: null,
  updatedAt: null,
};
const twoSteps: EscalationStepSetting[] = [
  { afterMinutes: 2, audience: 'opted-in', people: [], channels: ['email', 'push'] },
  { afterMinutes: 10, audience: 'everyone', people: [], channels: ['email', 'push'] },
];

/**
 * A site's escalation section through the real store, reducers and sagas; only fetch is replaced,
 * by a small fake of the escalation API that holds the site's policy and applies the API's rules.
 */
describe('escalation sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  /** What the fake API holds; read as each request arrives. */
  let policy: SiteEscalationPolicy;
  let requests: Array<{ method: string; body: unknown }>;
  /** Each request's abort signal, in order. */
  let signals: Array<AbortSignal | undefined>;
  /** Answers a request instead of the fake, when it returns one. */
  let refuse: (method: string) => Response | Promise<Response> | undefined;

  const site = (state: RootState) => state.escalation.sites[hwaddr];

  function answer(method: string, body: unknown): Response {
    if (method === 'GET') return jsonResponse(200, 'OK', policy);
    const { steps } = body as { steps: EscalationStepSetting[] };
    const problem = escalationStepsProblem(steps);
    if (problem) return jsonResponse(400, 'Bad Request', { err: problem });
    policy = {
      steps: escalationPolicyOf(steps),
      isDefault: false,
      updatedBy: 'Ann Smith',
      updatedAt: '2026-05-02T08:00:00.000Z',
    };
    return jsonResponse(200, 'OK', policy);
  }

  beforeEach(() => {
    policy = defaultPolicy;
    requests = [];
    signals = [];
    refuse = () => undefined;
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [hwaddr] });
    installFetchMock().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      if (url === peoplePath) return jsonResponse(200, 'OK', { people });
      if (url !== path) return jsonResponse(404, 'Not Found', { err: 'no route' });
      const method = init?.method ?? 'GET';
      const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
      requests.push({ method, body });
      signals.push(init?.signal ?? undefined);
      return (await refuse(method)) ?? answer(method, body);
    });
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => app.rootTask.cancel());

  async function openSection() {
    app.store.dispatch(escalationSectionOpened(hwaddr));
    return waitForState(app.store, (state) => site(state)?.loaded === true);
  }

  it('loads the policy, and who has access to the site, when the section opens', async () => {
    const state = await openSection();
    expect(site(state)).toEqual({ loaded: true, policy: defaultPolicy, people, loadError: null });
    expect(requests).toEqual([{ method: 'GET', body: undefined }]);
  });

  it('shows why a load was refused', async () => {
    refuse = () => jsonResponse(403, 'Forbidden', { err: 'You have no access to this site' });
    const state = await openSection();
    expect(site(state)).toEqual({
      loaded: true,
      policy: null,
      people: [],
      loadError: 'You have no access to this site',
    });
  });

  it('saves the later steps and keeps the policy as the server answers it', async () => {
    await openSection();
    app.store.dispatch(escalationSaveRequested({ hwaddr, steps: twoSteps }));
    expect(app.store.getState().escalation.save.pending).toBe(true);
    const state = await waitForState(app.store, (current) => current.escalation.save.done);

    expect(requests.at(-1)).toEqual({ method: 'PUT', body: { steps: twoSteps } });
    expect(state.escalation.save.notice).toBe(ESCALATION_TEXT.saved);
    expect(site(state).policy).toEqual({
      steps: [
        DEFAULT_ESCALATION_POLICY[0],
        { step: 2, afterMinutes: 2, audience: 'opted-in', people: [], channels: ['email', 'push'] },
        { step: 3, afterMinutes: 10, audience: 'everyone', people: [], channels: ['email', 'push'] },
      ],
      isDefault: false,
      updatedBy: 'Ann Smith',
      updatedAt: '2026-05-02T08:00:00.000Z',
    });
  });

  it('saves no later steps at all: no escalation', async () => {
    await openSection();
    app.store.dispatch(escalationSaveRequested({ hwaddr, steps: [] }));
    const state = await waitForState(app.store, (current) => current.escalation.save.done);
    expect(requests.at(-1)).toEqual({ method: 'PUT', body: { steps: [] } });
    expect(site(state).policy?.steps).toEqual([DEFAULT_ESCALATION_POLICY[0]]);
  });

  it("shows the server's err when a save is refused, and keeps the saved policy", async () => {
    await openSection();
    app.store.dispatch(escalationSaveRequested({ hwaddr, steps: [...twoSteps].reverse() }));
    const state = await waitForState(app.store, (current) => current.escalation.save.error !== null);

    expect(state.escalation.save).toEqual({
      pending: false,
      error: ESCALATION_MESSAGES.order,
      done: false,
      notice: null,
    });
    expect(site(state).policy).toEqual(defaultPolicy);
  });

  it("starts each visit with a clean save status and the site's latest policy", async () => {
    await openSection();
    app.store.dispatch(
      escalationSaveRequested({
        hwaddr,
        steps: [{ afterMinutes: 0, audience: 'everyone', people: [], channels: ['push'] }],
      }),
    );
    await waitForState(app.store, (current) => current.escalation.save.error !== null);
    app.store.dispatch(escalationSectionClosed(hwaddr));

    policy = { ...defaultPolicy, steps: escalationPolicyOf(twoSteps), isDefault: false, updatedBy: 'Bob' };
    app.store.dispatch(escalationSectionOpened(hwaddr));
    expect(app.store.getState().escalation.save.error).toBeNull();
    const state = await waitForState(app.store, (current) => site(current).policy?.updatedBy === 'Bob');
    expect(site(state).policy?.steps).toHaveLength(3);
  });

  it('drops a policy answered after the section closed or the session ended, its request aborted', async () => {
    let answerLoad: (response: Response) => void = () => undefined;
    refuse = (method) => (method === 'GET' ? new Promise<Response>((resolve) => (answerLoad = resolve)) : undefined);
    app.store.dispatch(escalationSectionOpened(hwaddr));
    await waitUntil(() => requests.length === 1, 'the policy asked for');
    app.store.dispatch(escalationSectionClosed(hwaddr));
    // Aborted as its saga was cancelled: nothing it answers can reach the store after this.
    await waitUntil(() => signals[0]?.aborted, 'the request aborted');
    answerLoad(jsonResponse(200, 'OK', policy));
    expect(site(app.store.getState())).toBeUndefined();

    app.store.dispatch(escalationSectionOpened(hwaddr));
    await waitUntil(() => requests.length === 2, 'the policy asked for again');
    app.store.dispatch(sessionCleared({ notice: null }));
    await waitUntil(() => signals[1]?.aborted, 'the second request aborted');
    answerLoad(jsonResponse(200, 'OK', policy));
    expect(app.store.getState().escalation.sites).toEqual({});
  });
});
