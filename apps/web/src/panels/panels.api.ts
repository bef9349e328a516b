import {
  panelCommandDefinition,
  type AskedPanelCommand,
  type DeviceNameRequest,
  type DeviceSettingsRequest,
  type DeviceZoneRequest,
  type EventDto,
  type EventsPage,
  type ModuleSettingsRequest,
  type StringsRequest,
  type ZoneUpdateRequest,
} from '@app/contracts';
import { apiRequest } from '../shared/api-client';
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

/** Sends one command to its route (its definition's, libs/contracts/src/panel-commands), with its body. */
export function sendPanelCommand(claims: string, target: PanelTarget, command: AskedPanelCommand): Promise<unknown> {
  const { kind, ...body } = command;
  const route = panelCommandDefinition(kind)?.route;
  if (!route) return Promise.reject(new Error(`${kind} is not sent by users`));
  return apiRequest(`${panelPath(target)}/${route}`, { token: claims, body });
}

export function saveStrings(claims: string, target: PanelTarget, request: StringsRequest): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'strings', ...request });
}

export function saveZone(claims: string, target: PanelTarget, request: ZoneUpdateRequest): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'zone', ...request });
}

export function saveDeviceName(claims: string, target: PanelTarget, request: DeviceNameRequest): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'deviceName', ...request });
}

export function saveDeviceZone(claims: string, target: PanelTarget, request: DeviceZoneRequest): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'deviceZone', ...request });
}

export function saveDeviceSettings(
  claims: string,
  target: PanelTarget,
  request: DeviceSettingsRequest,
): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'deviceSettings', ...request });
}

export function saveModuleSettings(
  claims: string,
  target: PanelTarget,
  request: ModuleSettingsRequest,
): Promise<unknown> {
  return sendPanelCommand(claims, target, { kind: 'moduleSettings', ...request });
}

/** The network's newest event (within the API's default range), or none. */
export async function fetchLatestEvent(claims: string, target: PanelTarget): Promise<EventDto | null> {
  const query = new URLSearchParams({ networkId: String(target.networkId), limit: '1' });
  const page = await apiRequest<EventsPage>(`${sitePath(target.hwaddr)}/events?${query.toString()}`, { token: claims });
  return page.events[0] ?? null;
}
