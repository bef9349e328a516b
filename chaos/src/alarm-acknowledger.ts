import type { Pool } from 'pg';

/** How long an acknowledgement is tried again while portal-api or its database is away. */
const TRY_FOR_MS = 60_000;

/**
 * Someone on duty: acknowledges every other alarm of each kind through the API
 * (`POST /api/v2/alarms/{id}/acknowledge`, the claims token) right after it opens, and leaves the
 * rest for escalation, so that the run has steps owed both ways. New alarms are found by reading
 * the `alarms` table every 100 ms; an acknowledgement that meets portal-api or PostgreSQL away is
 * tried again until answered (409, already acknowledged, counts as done).
 */
export class AlarmAcknowledger {
  /** The alarms chosen to be acknowledged, and those the API acknowledged. */
  readonly chosen = new Set<number>();
  readonly acknowledged = new Set<number>();
  private readonly seen = new Set<number>();
  private newest = 0;
  private readonly perKind = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private stopped = false;
  private token: string | undefined;

  constructor(
    private readonly db: Pool,
    private readonly portalPort: number,
    private readonly claimsToken: () => Promise<string>,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.findNew(), 100);
  }

  /** Whether an acknowledgement is still being tried. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }

  private async findNew(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      // Ids are taken in one order and committed in another (two copies, two lanes): read back a little.
      const { rows } = await this.db.query<{ id: number; kind: string }>(
        'SELECT id::int AS id, kind FROM alarms WHERE id > $1 ORDER BY id',
        [this.newest - 50],
      );
      for (const { id, kind } of rows) {
        if (this.seen.has(id)) continue;
        this.seen.add(id);
        this.newest = Math.max(this.newest, id);
        const nth = this.perKind.get(kind) ?? 0;
        this.perKind.set(kind, nth + 1);
        if (nth % 2 === 0) this.acknowledge(id);
      }
    } catch {
      // PostgreSQL away: the next read finds them.
    } finally {
      this.reading = false;
    }
  }

  private acknowledge(id: number): void {
    this.chosen.add(id);
    const trying: Promise<void> = this.tryUntilAnswered(id).finally(() => this.inFlight.delete(trying));
    this.inFlight.add(trying);
  }

  private async tryUntilAnswered(id: number): Promise<void> {
    const deadline = Date.now() + TRY_FOR_MS;
    let last = '';
    while (!this.stopped && Date.now() < deadline) {
      last = await this.post(id);
      if (last === '200' || last === '409') {
        this.acknowledged.add(id);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    this.log(`alarm ${id} not acknowledged (last answer: ${last || 'none'})`);
  }

  /** One try: the answer's status, or why there was none. */
  private async post(id: number): Promise<string> {
    try {
      this.token ??= await this.claimsToken();
      const response = await fetch(`http://127.0.0.1:${this.portalPort}/api/v2/alarms/${id}/acknowledge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ note: 'On my way' }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (response.status === 401) this.token = undefined;
      return String(response.status);
    } catch (error) {
      return (error as Error).message;
    }
  }
}
