import type { EventCategory } from '@app/contracts';
import { panelIdentitiesInsert } from '@app/database';
import { generateDeviceKeyPair, PanelLinkClient } from '@app/panel-protocol';

/** hwaddr of the bench's n-th panel: lowercase hex, 12 digits. */
export function benchHwaddr(index: number, family = 0xbe): string {
  return `${family.toString(16).padStart(2, '0')}${index.toString(16).padStart(10, '0')}`;
}

/**
 * Simulated panels on the real panel link protocol, each a PanelLinkClient: connect, prove the key,
 * heartbeat, number events and resend the unacked ones after a reconnect. Counts acks; remembers
 * when each event left, by title, for the latency of its arrival at a browser.
 */
export class PanelFleet {
  readonly panels: PanelLinkClient[] = [];
  /** Each panel's device public key, for the registry (provision() before connect()). */
  private readonly publicKeys: string[] = [];
  readonly sentAt = new Map<string, number>();
  sent = 0;
  acked = 0;
  private next = 0;

  /**
   * `port` is the gateway's; given several (copies of the gateway), panel N starts on the Nth,
   * round, and knows the others in turn after it.
   */
  constructor(port: number | readonly number[], count: number, family = 0xbe) {
    const ports = typeof port === 'number' ? [port] : port;
    for (let index = 0; index < count; index++) {
      const first = index % ports.length;
      const order = [...ports.slice(first), ...ports.slice(0, first)];
      const { secret, publicKey } = generateDeviceKeyPair();
      this.publicKeys.push(publicKey);
      const panel = new PanelLinkClient({
        host: '127.0.0.1',
        port: order[0],
        otherGateways: order.slice(1).map((other) => ({ host: '127.0.0.1', port: other })),
        adminKey: '1234',
        deviceSecret: secret,
        hello: {
          hwaddr: benchHwaddr(index, family),
          panelType: 'SMARTLOOP_MK2',
          firmware: '4.2.0',
          networkIds: [1],
          cloudControl: true,
        },
        onCommand: () => ({ ok: true }),
        reconnectDelayMs: { min: 200, max: 2000 },
      });
      panel.on('eventAck', () => this.acked++);
      this.panels.push(panel);
    }
  }

  get hwaddrs(): string[] {
    return this.panels.map((panel) => panel.hwaddr);
  }

  get readyCount(): number {
    return this.panels.reduce((count, panel) => count + (panel.isReady ? 1 : 0), 0);
  }

  get unackedCount(): number {
    return this.panels.reduce((count, panel) => count + panel.unacked.length, 0);
  }

  /** Puts every panel of the fleet in the registry, as the provisioning command would: one statement for the whole fleet. */
  async provision(db: { query(sql: string, params: unknown[]): Promise<unknown> }): Promise<void> {
    const rows = this.panels.map((panel, index) => ({ hwaddr: panel.hwaddr, publicKey: this.publicKeys[index] }));
    const { sql, params } = panelIdentitiesInsert(rows, { source: 'generated', label: 'bench', replace: true });
    await db.query(sql, params);
  }

  /** Connects in slices, so that a large fleet does not knock on the gateway all at once. */
  async connect(timeoutMs = 120_000, slice = 500): Promise<void> {
    for (let start = 0; start < this.panels.length; start += slice) {
      const end = Math.min(start + slice, this.panels.length);
      for (const panel of this.panels.slice(start, end)) panel.start();
      await waitFor(
        () => this.panels.slice(start, end).every((panel) => panel.isReady),
        timeoutMs,
        `panels ${start}..${end - 1} ready`,
      );
    }
  }

  /** Sends one event from the next panel in turn (or the given one); answers its key, hwaddr/title. */
  send(category: EventCategory, title: string, panelIndex?: number): string {
    const panel = this.panels[panelIndex ?? this.next++ % this.panels.length];
    const key = `${panel.hwaddr}/${title}`;
    this.sentAt.set(key, performance.now());
    panel.sendEvent({ networkId: 1, category, title, date: new Date().toISOString(), location: 'Bench zone 1' });
    this.sent++;
    return key;
  }

  async stop(): Promise<void> {
    await Promise.all(this.panels.map((panel) => panel.stop()));
  }
}

/** Sends `rate` events per second in total for `seconds`, titled by `title(n)`, catching up after a late timer. */
export async function sendAtRate(seconds: number, rate: number, sendOne: (n: number) => void): Promise<number> {
  const started = performance.now();
  let sent = 0;
  const total = Math.round(seconds * rate);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) sendOne(sent++);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return (performance.now() - started) / 1000;
}

/** Polls until the condition holds; rejects after the timeout, naming what it waited for. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  pollMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
