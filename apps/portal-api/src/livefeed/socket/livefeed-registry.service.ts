import { Injectable } from '@nestjs/common';
import type { LivefeedConnection } from './livefeed-connection';

/**
 * The sockets of this copy, indexed by panel and by user so that a live message reaches only the
 * sockets entitled to it without scanning them all.
 */
@Injectable()
export class LivefeedRegistry {
  private readonly all = new Set<LivefeedConnection>();
  private readonly byPanel = new Map<string, Set<LivefeedConnection>>();
  private readonly byUser = new Map<string, Set<LivefeedConnection>>();
  private readonly watchedListeners = new Set<(hwaddr: string) => void>();

  get size(): number {
    return this.all.size;
  }

  connections(): Iterable<LivefeedConnection> {
    return this.all;
  }

  /** The panels some socket of this copy may hear about. */
  panels(): Iterable<string> {
    return this.byPanel.keys();
  }

  /** Calls `listener` whenever a panel gets its first socket on this copy. */
  onPanelWatched(listener: (hwaddr: string) => void): void {
    this.watchedListeners.add(listener);
  }

  add(connection: LivefeedConnection): void {
    this.all.add(connection);
  }

  /** Indexes a connection under its (new) user and panels, replacing what a previous token set. */
  authorise(connection: LivefeedConnection, userId: string, panels: readonly string[]): void {
    this.unindex(connection);
    connection.userId = userId;
    connection.panels = new Set(panels);
    addTo(this.byUser, userId, connection);
    for (const hwaddr of connection.panels) {
      if (addTo(this.byPanel, hwaddr, connection)) for (const listener of this.watchedListeners) listener(hwaddr);
    }
  }

  /** The connection no longer hears these panels (its user lost them), until a token lists them again. */
  withdraw(connection: LivefeedConnection, hwaddrs: readonly string[]): void {
    const withdrawn = hwaddrs.filter((hwaddr) => connection.panels.has(hwaddr));
    if (withdrawn.length === 0) return;
    connection.panels = new Set([...connection.panels].filter((hwaddr) => !withdrawn.includes(hwaddr)));
    for (const hwaddr of withdrawn) removeFrom(this.byPanel, hwaddr, connection);
  }

  remove(connection: LivefeedConnection): void {
    this.all.delete(connection);
    this.unindex(connection);
  }

  forPanel(hwaddr: string): ReadonlySet<LivefeedConnection> {
    return this.byPanel.get(hwaddr) ?? EMPTY;
  }

  forUser(userId: string): ReadonlySet<LivefeedConnection> {
    return this.byUser.get(userId) ?? EMPTY;
  }

  private unindex(connection: LivefeedConnection): void {
    if (connection.userId !== null) removeFrom(this.byUser, connection.userId, connection);
    for (const hwaddr of connection.panels) removeFrom(this.byPanel, hwaddr, connection);
  }
}

const EMPTY: ReadonlySet<LivefeedConnection> = new Set();

/** True when the key is new to the index. */
function addTo(index: Map<string, Set<LivefeedConnection>>, key: string, connection: LivefeedConnection): boolean {
  const set = index.get(key);
  if (set) {
    set.add(connection);
    return false;
  }
  index.set(key, new Set([connection]));
  return true;
}

function removeFrom(index: Map<string, Set<LivefeedConnection>>, key: string, connection: LivefeedConnection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}
