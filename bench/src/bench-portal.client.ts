import { Pool } from 'pg';

export interface BenchUser {
  id: string;
  email: string;
  session: string;
}

/** What a scenario needs from the running portal: its HTTP API and its database. */
export class BenchPortalClient {
  readonly db: Pool;
  private users = 0;

  constructor(
    readonly port: number,
    databaseUrl: string,
  ) {
    this.db = new Pool({ connectionString: databaseUrl, max: 4 });
  }

  async api<T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${this.port}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  /** A user signed up through the API, as a browser does. */
  async registerUser(label: string): Promise<BenchUser> {
    const email = `${label}-${++this.users}@bench.example.com`;
    const { token } = await this.api<{ token: string }>('POST', '/auth/register', undefined, {
      fullname: `Bench ${label}`,
      email,
      password: 'bench password 1234',
    });
    const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;
    return { id, email, session: token };
  }

  /**
   * Authorised claims of the user on the panels, written straight to the database: the key proof a
   * claim goes through is not what is measured.
   */
  async claim(user: BenchUser, hwaddrs: string[], emailEvents = false): Promise<void> {
    for (let start = 0; start < hwaddrs.length; start += 5000) {
      const chunk = hwaddrs.slice(start, start + 5000);
      await this.db.query(
        `INSERT INTO claims (user_id, hwaddr, admin_key, status, email_events, nickname)
         SELECT $1, hwaddr, '1234', 'AUTHED', $3, 'Bench site ' || hwaddr FROM unnest($2::char(12)[]) AS hwaddr`,
        [user.id, chunk, emailEvents],
      );
    }
  }

  async claimsToken(user: BenchUser): Promise<string> {
    return (await this.api<{ token: string }>('POST', '/v2/claims/auth', user.session)).token;
  }

  /** Sets the site's webhook through the API, as a person does; answers its signing secret. */
  async setWebhook(user: BenchUser, hwaddr: string, url: string): Promise<string> {
    const token = await this.claimsToken(user);
    return (await this.api<{ secret: string }>('PUT', `/v2/sites/${hwaddr}/webhook`, token, { url })).secret;
  }

  /** Turns push on for a device of the user through the API, as a browser does; answers its id. */
  async addPushDevice(
    user: BenchUser,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    name: string,
  ): Promise<number> {
    return (await this.api<{ id: number }>('POST', '/v2/account/push/devices', user.session, { ...subscription, name }))
      .id;
  }

  async storedEventCount(): Promise<number> {
    return Number((await this.db.query<{ count: string }>('SELECT count(*) FROM events')).rows[0].count);
  }

  close(): Promise<void> {
    return this.db.end();
  }
}
