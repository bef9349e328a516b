/** What the API answered the probe, by kind. */
export interface ApiAnswers {
  ok: number;
  /** 503 with an err: a dependency away, said plainly. */
  unavailable: number;
  /** Any other 5xx: the API failing instead of saying why. */
  serverErrors: number;
  /** No answer at all (portal-api down or restarting). */
  unreachable: number;
  /** The first few server errors, as evidence. */
  samples: string[];
}

/**
 * Asks the API what a browser asks all the time (a site, with its live state read from NATS, and
 * its newest event) every half second for the whole run, and sorts the answers: while a dependency
 * restarts the API may say 503, never 500.
 */
export class ApiProbe {
  readonly answers: ApiAnswers = { ok: 0, unavailable: 0, serverErrors: 0, unreachable: 0, samples: [] };
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private token: string | undefined;

  constructor(
    private readonly portalPort: number,
    private readonly hwaddr: string,
    private readonly claimsToken: () => Promise<string>,
    private readonly everyMs = 500,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.probe(), this.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async probe(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      this.token ??= await this.claimsToken().catch(() => undefined);
      if (!this.token) {
        this.answers.unreachable++;
        return;
      }
      for (const path of [`/api/v2/sites/${this.hwaddr}`, `/api/v2/sites/${this.hwaddr}/events?limit=1`]) {
        await this.ask(path, this.token);
      }
    } finally {
      this.busy = false;
    }
  }

  private async ask(path: string, token: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${this.portalPort}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      this.answers.unreachable++;
      return;
    }
    const body = await response.text().catch(() => '');
    if (response.ok) this.answers.ok++;
    else if (response.status === 401) this.token = undefined;
    else if (response.status === 503) this.answers.unavailable++;
    else if (response.status >= 500) {
      this.answers.serverErrors++;
      const sample = `${new Date().toISOString()} ${path} ${response.status} ${body.slice(0, 200)}`;
      if (this.answers.samples.length < 5) this.answers.samples.push(sample);
    }
  }
}
