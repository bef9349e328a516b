import type {
  AlarmDto,
  EventDto,
  LivefeedLogEventData,
  LivefeedServerMessageMap,
  NotificationDto,
  SiteDetail,
  SitePanel,
  SiteSummary,
} from '@app/contracts';
import { livefeedCategory, networkAlarmsOf, type SiteAlarms } from '@app/contracts';
import { installFetchMock, jsonResponse, type FetchMock } from './fetch-mock.util';

/**
 * The browser's fetch answered as portal-api would for one user and one site: the site list with
 * its unread counts, the site detail, the events pages (filtered and paged like the API), the
 * resetEvent mark and the notifications. Every request is recorded, so a test can count what a
 * browser asks; `inFlight` says how many are not answered yet. A request can be held (holdNext): read
 * when it arrives, as the server reads it, but answered only when the test releases it.
 */
export class FakePortalApi {
  readonly requests: string[] = [];
  inFlight = 0;
  readonly fetchMock: FetchMock;
  events: EventDto[] = [];
  notifications: NotificationDto[] = [];
  lastEventSeen: string | null = null;
  networks: SitePanel[];
  /** The panel's connection flag; a network's runtime is answered only while connected, as portal-api does. */
  connected = true;
  /** Since when the panel is offline, once its loss of communication was reported (ISO); null otherwise. */
  offlineSince: string | null = null;
  /** The user's alarms, as GET /api/v2/alarms lists them. */
  alarmList: AlarmDto[] = [];
  /** More sites of the user, listed after this one as given (their data is not served). */
  otherSites: SiteSummary[] = [];
  /** Gates of held requests by "METHOD pathname", the next request's first. */
  private readonly held = new Map<string, Array<Promise<void>>>();

  constructor(
    readonly hwaddr: string,
    readonly claimsToken: string,
    networkIds: number[] = [1, 2],
  ) {
    this.networks = networkIds.map((networkId) => unconfiguredPanel(hwaddr, networkId));
    this.fetchMock = installFetchMock();
    this.fetchMock.mockImplementation((input, init) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      this.requests.push(`${method} ${url}`);
      this.inFlight += 1;
      const response = this.answer(method, url);
      const gate = this.held.get(`${method} ${new URL(url, 'http://localhost').pathname}`)?.shift();
      return (gate ?? Promise.resolve())
        .then(() => response)
        .finally(() => {
          this.inFlight -= 1;
        });
    });
  }

  /**
   * The next `method path` request is read as it arrives (what the server would answer then) but
   * answered only once the returned function is called.
   */
  holdNext(method: string, pathname: string): () => void {
    const key = `${method} ${pathname}`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.set(key, [...(this.held.get(key) ?? []), gate]);
    return () => release();
  }

  /** Requests recorded from this index on (e.g. since a burst began). */
  requestsSince(index: number): string[] {
    return this.requests.slice(index);
  }

  /** Unread events per network and unread total (events after lastEventSeen plus unresolved notifications). */
  counts(): { unreadCount: number; perPanelCount: Record<string, number> } {
    const perPanelCount = Object.fromEntries(this.networks.map((network) => [String(network.networkId), 0]));
    for (const event of this.events) {
      if (this.lastEventSeen === null || event.receivedAt > this.lastEventSeen) {
        perPanelCount[String(event.networkId)] = (perPanelCount[String(event.networkId)] ?? 0) + 1;
      }
    }
    const unresolved = this.notifications.filter((entry) => entry.resolved_by === null).length;
    return {
      perPanelCount,
      unreadCount: Object.values(perPanelCount).reduce((sum, count) => sum + count, 0) + unresolved,
    };
  }

  /**
   * Stores an event and returns the LogEvent the live feed sends for it; received when the panel's
   * clock said unless `receivedAt` says otherwise.
   */
  storeEvent(event: Omit<EventDto, 'hwaddr' | 'receivedAt'> & { receivedAt?: string }): LivefeedLogEventData {
    const stored: EventDto = { ...event, receivedAt: event.receivedAt ?? event.date, hwaddr: this.hwaddr };
    this.events.push(stored);
    return {
      hwaddr: this.hwaddr,
      category: livefeedCategory(stored.category),
      title: stored.title,
      id: stored.id,
      networkId: stored.networkId,
      date: stored.date,
      location: stored.location,
      eventCategory: stored.category,
      receivedAt: stored.receivedAt,
      ...this.counts(),
    };
  }

  /** Stores a notification (new or changed) and returns the NotificationEvent for it. */
  storeNotification(notification: NotificationDto): LivefeedServerMessageMap['NotificationEvent'] {
    this.notifications = [notification, ...this.notifications.filter((entry) => entry.id !== notification.id)];
    return { hwaddr: this.hwaddr, notification, unreadCount: this.counts().unreadCount };
  }

  /** Replaces a network's configuration and returns the ConfigSync for it. */
  storeConfiguration(panel: SitePanel): LivefeedServerMessageMap['ConfigSync'] {
    this.networks = this.networks.map((network) => (network.networkId === panel.networkId ? panel : network));
    return panel;
  }

  summary(): SiteSummary {
    return {
      hwaddr: this.hwaddr,
      name: 'Depot',
      status: 'AUTHED',
      adminKey: '',
      panelType: 'SMARTLOOP_MK2',
      emailEvents: false,
      lastEventSeen: this.lastEventSeen,
      ...this.counts(),
      offlineSince: this.offlineSince,
      alarms: this.alarms(),
    };
  }

  /** Zones in fire and in fault per network, from each runtime report while connected, as portal-api counts them. */
  alarms(): SiteAlarms {
    const alarms: SiteAlarms = {};
    if (!this.connected) return alarms;
    for (const network of this.networks)
      if (network.runtime) alarms[String(network.networkId)] = networkAlarmsOf(network.runtime);
    return alarms;
  }

  detail(): SiteDetail {
    const networks = this.networks.map((network) => ({
      ...network,
      connected: this.connected,
      runtime: this.connected ? network.runtime : null,
    }));
    return { ...this.summary(), connected: this.connected, cloudControl: true, networks };
  }

  private answer(method: string, url: string): Response {
    const parsed = new URL(url, 'http://localhost');
    const site = `/api/v2/sites/${this.hwaddr}`;
    if (method === 'GET' && parsed.pathname === '/api/config')
      return jsonResponse(200, 'OK', { issuer: 'fire-alarm-portal-api' });
    if (method === 'POST' && parsed.pathname === '/api/v2/claims/auth')
      return jsonResponse(200, 'OK', { token: this.claimsToken });
    if (method === 'GET' && parsed.pathname === '/api/v2/sites')
      return jsonResponse(200, 'OK', [this.summary(), ...this.otherSites]);
    if (method === 'GET' && parsed.pathname === site) return jsonResponse(200, 'OK', this.detail());
    if (method === 'GET' && parsed.pathname === `${site}/events`)
      return jsonResponse(200, 'OK', this.eventsPage(parsed.searchParams));
    if (method === 'POST' && parsed.pathname === `${site}/resetEvent`) {
      this.lastEventSeen = this.events.reduce<string | null>(
        (latest, event) => (latest === null || event.receivedAt > latest ? event.receivedAt : latest),
        this.lastEventSeen,
      );
      return jsonResponse(200, 'OK', {});
    }
    if (method === 'GET' && parsed.pathname === '/api/v2/alarms')
      return jsonResponse(200, 'OK', { alarms: this.alarmList });
    if (method === 'GET' && parsed.pathname === '/api/notifications/list')
      return jsonResponse(200, 'OK', this.notifications);
    return jsonResponse(404, 'Not Found', { err: `no route ${method} ${parsed.pathname}` });
  }

  /** As the events API: start and end inclusive, optional category and network, newest first, paged. */
  private eventsPage(query: URLSearchParams): { events: EventDto[]; total: number } {
    const start = query.get('start');
    const end = query.get('end');
    const category = query.get('category');
    const networkId = query.get('networkId');
    const matching = this.events
      .filter(
        (event) =>
          (start === null || Date.parse(event.receivedAt) >= Date.parse(start)) &&
          (end === null || Date.parse(event.receivedAt) <= Date.parse(end)),
      )
      .filter((event) => category === null || event.category === category)
      .filter((event) => networkId === null || event.networkId === Number(networkId))
      .sort((left, right) => right.receivedAt.localeCompare(left.receivedAt) || right.id - left.id);
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return { events: matching.slice(offset, offset + limit), total: matching.length };
  }
}

export function unconfiguredPanel(hwaddr: string, networkId: number): SitePanel {
  return {
    hwaddr,
    networkId,
    strName: '',
    strSite: '',
    strCompany: '',
    strPhoneNumber: '',
    zones: [],
    modules: [],
    devices: [],
    configured: false,
    connected: true,
    runtime: null,
  };
}
