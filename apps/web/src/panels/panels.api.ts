import type {
  ButtonRequest,
  DeviceNameRequest,
  DeviceSettingsRequest,
  DeviceZoneRequest,
  EventDto,
  EventsPage,
  ModuleSettingsRequest,
  StringsRequest,
  ZoneUpdateRequest,
} from '@app/contracts';
import { apiRequest } from '../app/api-client';
import type { CommandAuditEntry } from '@app/contracts';
import type { PanelTarget } from './panels.types';

const sitePath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}`;
const panelPath = (target: PanelTarget) => `${sitePath(target.hwaddr)}/panel/${target.networkId}`;

export function fetchCommandAudit(claims: string, hwaddr: string): Promise<CommandAuditEntry[]> {
  return apiRequest(`${sitePath(hwaddr)}/audit`, {
    token: claims,
    isExpectedBody: (body): body is CommandAuditEntry[] => Array.isArray(body),
  });
}

export function sendButton(claims: string, target: PanelTarget, request: ButtonRequest): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/buttons`, { token: claims, body: request });
}

export function saveStrings(claims: string, target: PanelTarget, request: StringsRequest): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/strings`, { token: claims, body: request });
}

export function saveZone(claims: string, target: PanelTarget, request: ZoneUpdateRequest): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/zone`, { token: claims, body: request });
}

export function saveDeviceName(claims: string, target: PanelTarget, request: DeviceNameRequest): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/tmp-name`, { token: claims, body: request });
}

export function saveDeviceZone(claims: string, target: PanelTarget, request: DeviceZoneRequest): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/tmp-zone`, { token: claims, body: request });
}

export function saveDeviceSettings(
  claims: string,
  target: PanelTarget,
  request: DeviceSettingsRequest,
): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/device`, { token: claims, body: request });
}

export function saveModuleSettings(
  claims: string,
  target: PanelTarget,
  request: ModuleSettingsRequest,
): Promise<unknown> {
  return apiRequest(`${panelPath(target)}/module`, { token: claims, body: request });
}

/** The network's newest event (within the API's default range), or none. */
export async function fetchLatestEvent(claims: string, target: PanelTarget): Promise<EventDto | null> {
  const query = new URLSearchParams({ networkId: String(target.networkId), limit: '1' });
  const page = await apiRequest<EventsPage>(`${sitePath(target.hwaddr)}/events?${query.toString()}`, { token: claims });
  return page.events[0] ?? null;
}
