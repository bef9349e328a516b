import { WebSocket } from 'ws';
import { LIVEFEED_PATH, LIVEFEED_RETRY_MS, type EventsPage } from '@app/contracts';

export interface LiveBrowserOptions {
  portalPort: number;
  /** The sites the user watches (their events are refetched). */
  hwaddrs: readonly string[];
  /** A fresh claims token, as the web client asks for one on INIT and AUTH_CHK. */
  claimsToken: () => Promise<string>;
  log: (line: string) => void;
  /** Periodic refetch, as the web client's (default a minute). */
  refetchEveryMs?: number;
  /** How far before the last refetch a refetch reaches back, for events stored late with an earlier date. */
  overlapMs?: number;
}

const PAGE = 500;

/** The parts of a live message the browser reads; anything else in it is ignored. */
interface LiveMessage {
  type?: string;
  seq?: unknown;
  data?: { id?: unknown; hwaddr?: unknown; sites?: Record<string, { seq?: number; newestEventId?: number | null }> };
}

/**
 * One browser on the live feed, as the web client behaves: signs in on INIT and AUTH_CHK, reconnects
 * after LIVEFEED_RETRY_MS when the socket closes, and after each reconnect and once a minute refetches
 * the watched sites' events through the REST API; fetches a site again at once when the feed shows
 * a miss (a gap in the site's `seq`, a Resync, a Heartbeat ahead). Notes every event id it was shown
 * either way.
 */
export class LiveBrowser {
  readonly liveIds = new Set<number>();
  readonly refetchedIds = new Set<number>();
  reconnects = 0;
  /** Sites fetched again because the feed told of a miss: a sequence gap, a Resync, a Heartbeat ahead. */
  repairs = 0;
  /** Per site, the `seq` of its latest message on the current socket. */
  private seqs = new Map<string, number>();
  refetches = 0;
  failedRefetches = 0;
  private socket: WebSocket | undefined;
  private stopped = false;
  private opened = false;
  private lastRefetchFrom = Date.now();
  private periodic: NodeJS.Timeout | undefined;
  private refetching: Promise<void> = Promise.resolve();

  constructor(private readonly options: LiveBrowserOptions) {}

  /** Connects and resolves once the first socket is open. */
  async start(): Promise<void> {
    this.lastRefetchFrom = Date.now() - (this.options.overlapMs ?? 60_000);
    await new Promise<void>((resolve) => this.connect(resolve));
    this.periodic = setInterval(() => void this.refetch(), this.options.refetchEveryMs ?? 60_000);
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Refetches once more (the periodic refetch, brought forward) and waits for it. */
  async refetchNow(): Promise<void> {
    await this.refetch();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.periodic);
    this.socket?.terminate();
    await this.refetching;
  }

  private connect(onOpen?: () => void): void {
    const socket = new WebSocket(`ws://127.0.0.1:${this.options.portalPort}${LIVEFEED_PATH}`, {
      perMessageDeflate: false,
    });
    this.socket = socket;
    socket.on('open', () => {
      // Sequences are per socket.
      this.seqs = new Map();
      if (this.opened) {
        this.reconnects++;
        void this.refetch();
      }
      this.opened = true;
      onOpen?.();
    });
    socket.on('message', (data: Buffer) => this.onMessage(socket, data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.stopped) return;
      setTimeout(() => this.connect(onOpen), LIVEFEED_RETRY_MS);
      onOpen = undefined;
    });
  }

  private onMessage(socket: WebSocket, data: Buffer): void {
    // Several messages may leave in one frame as a JSON array; fields beyond these are ignored.
    const parsed = JSON.parse(data.toString('utf8')) as unknown;
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const typed = message as LiveMessage;
      const site = typeof typed.data?.hwaddr === 'string' ? typed.data.hwaddr : undefined;
      if (site && typeof typed.seq === 'number') {
        const last = this.seqs.get(site);
        if (last !== undefined && typed.seq > last + 1) this.repair(site);
        this.seqs.set(site, typed.seq);
      }
      if (typed.type === 'INIT' || typed.type === 'AUTH_CHK') void this.sendToken(socket);
      else if (typed.type === 'LogEvent' && typeof typed.data?.id === 'number') this.liveIds.add(typed.data.id);
      else if (typed.type === 'Resync' && site) this.repair(site);
      else if (typed.type === 'Heartbeat') this.checkHeartbeat(typed.data?.sites ?? {});
    }
  }

  /** A Heartbeat ahead of what this socket saw of a site (a later seq, an unseen newest event) is a miss. */
  private checkHeartbeat(sites: Record<string, { seq?: number; newestEventId?: number | null }>): void {
    for (const [site, mark] of Object.entries(sites)) {
      const behind = typeof mark.seq === 'number' && mark.seq > (this.seqs.get(site) ?? 0);
      const newest = mark.newestEventId;
      const unseen = typeof newest === 'number' && !this.liveIds.has(newest) && !this.refetchedIds.has(newest);
      if (behind || unseen) this.repair(site);
    }
  }

  /** Fetches one site's events again, back to where the last full refetch reached. */
  private repair(site: string): void {
    if (!this.options.hwaddrs.includes(site)) return;
    this.repairs++;
    const from = new Date(this.lastRefetchFrom);
    this.refetching = this.refetching.then(async () => {
      try {
        await this.refetchSite(site, await this.options.claimsToken(), from, new Date(Date.now() + 60_000));
      } catch (error) {
        // The periodic refetch reaches back to the same point.
        this.options.log(`live browser: repair of ${site} failed (${(error as Error).message})`);
      }
    });
  }

  private async sendToken(socket: WebSocket): Promise<void> {
    try {
      const token = await this.options.claimsToken();
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'TOKEN_SET', data: { token } }));
    } catch (error) {
      // The API is away (a fault): the server closes the unauthenticated socket and we come back.
      this.options.log(
        `live browser: no claims token (${(error as Error).message}); the socket will be closed and reopened`,
      );
      socket.terminate();
    }
  }

  /** One refetch at a time; a refetch asked for while one runs follows it. */
  private refetch(): Promise<void> {
    this.refetching = this.refetching.then(() => this.refetchOnce());
    return this.refetching;
  }

  private async refetchOnce(): Promise<void> {
    const from = this.lastRefetchFrom;
    const startedAt = Date.now();
    try {
      const token = await this.options.claimsToken();
      for (const hwaddr of this.options.hwaddrs)
        await this.refetchSite(hwaddr, token, new Date(from), new Date(startedAt + 60_000));
      this.refetches++;
      this.lastRefetchFrom = startedAt - (this.options.overlapMs ?? 60_000);
    } catch (error) {
      // Left for the next refetch, which reaches back to the same point.
      this.failedRefetches++;
      this.options.log(`live browser: refetch failed (${(error as Error).message})`);
    }
  }

  private async refetchSite(hwaddr: string, token: string, start: Date, end: Date): Promise<void> {
    for (let offset = 0; ; offset += PAGE) {
      const query = new URLSearchParams({
        start: start.toISOString(),
        end: end.toISOString(),
        limit: String(PAGE),
        offset: String(offset),
      });
      const response = await fetch(
        `http://127.0.0.1:${this.options.portalPort}/api/v2/sites/${hwaddr}/events?${query}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      if (!response.ok) throw new Error(`GET events of ${hwaddr} answered ${response.status}`);
      const page = (await response.json()) as EventsPage;
      for (const event of page.events) this.refetchedIds.add(event.id);
      if (page.events.length < PAGE) return;
    }
  }
}
