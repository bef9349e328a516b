// The demo's account, sites, relay and webhook, made through the portal's own API exactly as a
// person would make them (register, claim with a key the panel checks, add a relay and its action,
// set the site's webhook), or found again on a later start. Shared by `npm start` and the browser test of the demo's first run, so it
// imports nothing but Node (Node runs it from the start script with its types stripped).

export const DEMO_ACCOUNT = {
  email: 'demo@firealarmportal.example',
  password: 'fire-alarm-demo',
  fullname: 'Demo Installer',
  company: 'Demo Fire Ltd',
} as const;

/** The simulated panels `npm start` runs: the demo site's, and one whose key the demo gets wrong. */
export const DEMO_PANELS = {
  headOffice: { hwaddr: '00a0b1c2d3e4', key: '1234', networks: 2, type: 'SMARTLOOP_MK2' },
  depot: { hwaddr: '00a0b1c2d3e5', key: '1234', networks: 1, type: 'MULTILOOP' },
} as const;

/** The demo's sites: AUTHED (the right key), UNAUTHORISED (a wrong key), WAITING (a panel never seen). */
export const DEMO_SITES = [
  {
    hwaddr: DEMO_PANELS.headOffice.hwaddr,
    key: DEMO_PANELS.headOffice.key,
    nickname: 'Head office',
    expected: 'AUTHED',
  },
  { hwaddr: DEMO_PANELS.depot.hwaddr, key: '4321', nickname: 'Depot', expected: 'UNAUTHORISED' },
  { hwaddr: '00a0b1c2d3e6', key: '1234', nickname: 'Warehouse', expected: 'WAITING' },
] as const;

export const DEMO_RELAY = {
  name: 'Demo relay board',
  host: '127.0.0.1',
  port: 17123,
  password: 'This MUST be 32 characters long.',
  onFire: { relay_1: 3, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false },
  onFault: { relay_1: 0, relay_2: 2, io_1: false, io_2: false, io_3: false, io_4: false },
} as const;

export interface DemoSeedOptions {
  /** portal-api, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Where the simulated relay board listens (its port may not be the default). */
  relayPort: number;
  /** How long to wait for the panels' key checks to settle (default 60 s). */
  settleMs?: number;
}

export interface DemoSeedResult {
  email: string;
  password: string;
  sites: Array<{ hwaddr: string; nickname: string; status: string }>;
  relay: { id: number; host: string; port: number };
}

export class DemoSeedError extends Error {}

interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { err?: string };
}

async function call(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token?: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as ApiAnswer['body']) : {} };
}

async function expectOk(answer: Promise<ApiAnswer>, what: string): Promise<ApiAnswer['body']> {
  const { status, body } = await answer;
  if (status >= 400) throw new DemoSeedError(`${what}: ${status} ${body.err ?? ''}`.trim());
  return body;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in to the demo account, registering it on the first start. */
async function demoSession(origin: string): Promise<string> {
  const { email, password, fullname, company } = DEMO_ACCOUNT;
  const login = await call(origin, 'POST', '/auth/login', undefined, { email, password });
  if (login.status === 200) return login.body.token as string;
  if (login.status !== 401)
    throw new DemoSeedError(`signing in to the demo account: ${login.status} ${login.body.err ?? ''}`);
  const registered = await call(origin, 'POST', '/auth/register', undefined, { fullname, email, password, company });
  if (registered.status === 409)
    throw new DemoSeedError(`${email} exists with another password (changed since the demo made it)`);
  if (registered.status >= 400)
    throw new DemoSeedError(`registering the demo account: ${registered.status} ${registered.body.err ?? ''}`);
  return registered.body.token as string;
}

async function siteStatuses(
  origin: string,
  session: string,
): Promise<Map<string, { nickname: string; status: string }>> {
  const claims = await expectOk(call(origin, 'POST', '/v2/claims/auth', session), 'a claims token');
  const { status, body } = await call(origin, 'GET', '/v2/sites', claims.token as string);
  if (status >= 400) throw new DemoSeedError(`listing the demo sites: ${status} ${body.err ?? ''}`);
  const sites = body as unknown as Array<{ hwaddr: string; name: string; status: string }>;
  return new Map(sites.map((site) => [site.hwaddr, { nickname: site.name, status: site.status }]));
}

/**
 * Claims each demo site not claimed yet, and waits until the panels have judged the keys: the
 * demo panel's right key is entered again while its claim waits (a right key costs nothing), a
 * wrong key only a few times (each one counts against the wrong-key limits).
 */
async function settleSites(
  origin: string,
  session: string,
  settleMs: number,
): Promise<Map<string, { nickname: string; status: string }>> {
  let sites = await siteStatuses(origin, session);
  const tries = new Map<string, number>();
  const deadline = Date.now() + settleMs;
  for (;;) {
    const pending = DEMO_SITES.filter((site) => {
      const status = sites.get(site.hwaddr)?.status;
      return status === undefined || (status === 'WAITING' && site.expected !== 'WAITING');
    });
    if (pending.length === 0 || Date.now() > deadline) return sites;
    for (const site of pending) {
      const tried = tries.get(site.hwaddr) ?? 0;
      const claimed = sites.has(site.hwaddr);
      if (claimed && site.expected === 'UNAUTHORISED' && tried >= 3) continue;
      tries.set(site.hwaddr, tried + 1);
      const request = claimed
        ? { hwaddr: site.hwaddr, key: site.key }
        : { hwaddr: site.hwaddr, key: site.key, nickname: site.nickname, notify: true };
      const answer = await call(origin, 'POST', '/v2/claims/create', session, request);
      if (answer.status >= 400 && answer.status !== 429)
        throw new DemoSeedError(`claiming ${site.nickname}: ${answer.status} ${answer.body.err ?? ''}`);
    }
    sites = await siteStatuses(origin, session);
    if (DEMO_SITES.some((site) => sites.get(site.hwaddr)?.status === 'WAITING' && site.expected !== 'WAITING'))
      await pause(2000);
  }
}

/** The demo relay board with its action on the demo site, its address brought up to date. */
async function demoRelay(
  origin: string,
  session: string,
  relayPort: number,
  siteAuthorised: boolean,
): Promise<DemoSeedResult['relay']> {
  const relays = (await expectOk(call(origin, 'GET', '/relays', session), 'listing the relays')) as unknown as Array<{
    id: number;
    name: string;
    host: string;
    port: number;
    actions: Array<{ hwaddr: string }>;
  }>;
  const { name, host, password, onFire, onFault } = DEMO_RELAY;
  let relay = relays.find((candidate) => candidate.name === name);
  if (!relay) {
    relay = (await expectOk(
      call(origin, 'POST', '/relays/_new', session, { host, name, port: relayPort, password }),
      'adding the demo relay',
    )) as unknown as typeof relay;
  } else if (relay.host !== host || relay.port !== relayPort) {
    relay = (await expectOk(
      call(origin, 'POST', `/relays/${relay.id}`, session, { host, name, port: relayPort }),
      'moving the demo relay',
    )) as unknown as typeof relay;
  }
  const site = DEMO_PANELS.headOffice.hwaddr;
  // Actions are only for sites the owner is authorised on.
  if (siteAuthorised && !relay!.actions.some((action) => action.hwaddr === site)) {
    const action = { hwaddr: site, on_fire: onFire, on_fault: onFault };
    await expectOk(
      call(origin, 'POST', `/relays/${relay!.id}/actions`, session, { action }),
      'adding the demo relay action',
    );
  }
  return { id: relay!.id, host, port: relayPort };
}

/** Makes (or finds again) the demo account, its three sites and its relay. */
export async function seedDemo(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const session = await demoSession(options.origin);
  const sites = await settleSites(options.origin, session, options.settleMs ?? 60_000);
  const relay = await demoRelay(
    options.origin,
    session,
    options.relayPort,
    sites.get(DEMO_PANELS.headOffice.hwaddr)?.status === 'AUTHED',
  );
  return {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    sites: DEMO_SITES.map((site) => ({
      hwaddr: site.hwaddr,
      nickname: sites.get(site.hwaddr)?.nickname ?? site.nickname,
      status: sites.get(site.hwaddr)?.status ?? 'missing',
    })),
    relay,
  };
}

/**
 * Points the demo site's webhook at `url` (the demo's receiver, on a new port each start); the site
 * keeps its secret from one start to the next. Answers the secret, for the receiver to verify with.
 */
export async function setDemoWebhook(origin: string, url: string): Promise<string> {
  const session = await demoSession(origin);
  const claims = await expectOk(call(origin, 'POST', '/v2/claims/auth', session), 'a claims token');
  const hwaddr = DEMO_PANELS.headOffice.hwaddr;
  const webhook = await expectOk(
    call(origin, 'PUT', `/v2/sites/${hwaddr}/webhook`, claims.token as string, { url }),
    'setting the demo webhook',
  );
  return webhook.secret as string;
}
