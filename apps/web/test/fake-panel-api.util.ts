import type { CommandAuditEntry, NotificationDto, SiteDetail, SitePanel } from '@app/contracts';
import { jsonResponse } from './fetch-mock.util';
import { claimsTokenFor, type Answer } from './render-app.util';

export const PANEL_HWADDR = '0011aabbccdd';

/** A configured network 1: two zones (one empty), a loop with a smoke and a heat detector, NAC, RS485, printer and TCP/IP modules. */
export function configuredPanel(overrides: Partial<SitePanel> = {}): SitePanel {
  return {
    hwaddr: PANEL_HWADDR,
    networkId: 1,
    strName: 'Main panel',
    strSite: 'Depot',
    strCompany: 'Acme Fire',
    strPhoneNumber: '0113 496 0000',
    zones: [
      { id: 0, name: 'Reception', mode: 'MODE_ENABLED' },
      { id: 1, name: 'Stores', mode: 'MODE_BOTH_DISABLED' },
      { id: 2, name: 'Plant room', mode: 'MODE_TEST_INPUT' },
    ],
    modules: [
      { port_id: 0, port_type: 'MOD_MRKII', settings: {}, devices: 3 },
      { port_id: 1, port_type: 'MOD_NWM', settings: { address: 4, setting: 'DISABLED' }, devices: 0 },
      { port_id: 2, port_type: 'MOD_232', settings: { bitRate: 3, printerOptions: 0b0101 }, devices: 0 },
      {
        port_id: 3,
        port_type: 'MOD_TCP',
        settings: {
          cloudAddress: 'cloud.example',
          cloudPort: 7700,
          ip: '192.168.1.11',
          dns: '192.168.1.1',
          mask: '255.255.255.0',
          gateway: '192.168.1.1',
          mode: 'STATIC',
        },
        devices: 0,
      },
    ],
    devices: [
      {
        port_id: 0,
        mod_idx: 0,
        name: 'Entrance smoke',
        zone: 0,
        type: 4,
        settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 0x12 },
      },
      {
        port_id: 0,
        mod_idx: 1,
        name: 'Kitchen heat',
        zone: 0,
        type: 6,
        settings: { address: 2, mode: 'MODE_INPUT_DISABLED', deviceOptions: 0x01 },
      },
      { port_id: 0, mod_idx: 2, name: 'Store IO', zone: 2, type: 16, settings: { address: 3, mode: 'MODE_ENABLED' } },
    ],
    configured: true,
    connected: true,
    runtime: { zones: { fire: [], fault: [] }, disabled: { sounders: false } },
    ...overrides,
  };
}

/** One site with network 1 as the panel API answers it; POSTs are recorded and answered by `post`. */
export class FakePanelApi {
  detail: SiteDetail;
  audit: CommandAuditEntry[] = [];
  notifications: NotificationDto[] = [];
  readonly posts: Array<{ path: string; body: unknown }> = [];
  /** The answer to a panel POST; undefined leaves it unanswered. */
  post: (path: string, body: unknown) => Response | undefined = () => jsonResponse(200, 'OK', {});

  constructor(panel: SitePanel = configuredPanel(), site: Partial<SiteDetail> = {}) {
    this.detail = {
      hwaddr: PANEL_HWADDR,
      name: 'Depot',
      status: 'AUTHED',
      adminKey: '',
      panelType: 'SMARTLOOP_MK2',
      emailEvents: false,
      lastEventSeen: null,
      unreadCount: 0,
      perPanelCount: { '1': 0 },
      offlineSince: null,
      alarms: { '1': { fireZones: 0, faultZones: 0 } },
      connected: true,
      cloudControl: true,
      networks: [panel],
      ...site,
    };
  }

  readonly answer: Answer = (path, init) => {
    const site = `/api/v2/sites/${PANEL_HWADDR}`;
    const url = new URL(path, 'http://localhost');
    if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([PANEL_HWADDR]) });
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [this.detail]);
    if (path === site) return jsonResponse(200, 'OK', this.detail);
    if (path === `${site}/audit`) return jsonResponse(200, 'OK', this.audit);
    if (url.pathname === `${site}/events`) return jsonResponse(200, 'OK', { events: [], total: 0 });
    if (path === '/api/notifications/list') return jsonResponse(200, 'OK', this.notifications);
    if (init?.method === 'POST' && path.startsWith(`${site}/panel/`)) {
      const body: unknown = JSON.parse(String(init.body));
      this.posts.push({ path: path.slice(site.length), body });
      return this.post(path.slice(site.length), body);
    }
    return undefined;
  };
}
