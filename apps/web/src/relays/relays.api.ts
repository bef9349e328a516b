import type {
  RelayActionRequest,
  RelayActionRunDto,
  RelayDto,
  RelayRequest,
  RelayStatus,
  RelayTestRequest,
  RelayTrigger,
  RelayUpdateRequest,
  SiteSummary,
} from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const relayPath = (id: number) => `/api/relays/${id}`;
const isRelay = (body: unknown): body is RelayDto =>
  typeof body === 'object' && body !== null && 'id' in body && 'actions' in body;

export function fetchRelays(session: string): Promise<RelayDto[]> {
  return apiRequest('/api/relays', {
    token: session,
    isExpectedBody: (body): body is RelayDto[] => Array.isArray(body),
  });
}

export function createRelay(session: string, request: RelayRequest): Promise<RelayDto> {
  return apiRequest('/api/relays/_new', { token: session, body: request, isExpectedBody: isRelay });
}

export function updateRelay(session: string, id: number, request: RelayUpdateRequest): Promise<RelayDto> {
  return apiRequest(relayPath(id), { token: session, body: request, isExpectedBody: isRelay });
}

export function deleteRelay(session: string, id: number): Promise<unknown> {
  return apiRequest(`${relayPath(id)}/delete`, { token: session, body: {} });
}

export function testRelay(session: string, request: RelayTestRequest): Promise<RelayStatus> {
  return apiRequest('/api/relays/_test', {
    token: session,
    body: request,
    isExpectedBody: (body): body is RelayStatus => typeof body === 'object' && body !== null && 'moduleID' in body,
  });
}

export function saveRelayAction(session: string, id: number, request: RelayActionRequest): Promise<RelayDto> {
  return apiRequest(`${relayPath(id)}/actions`, { token: session, body: request, isExpectedBody: isRelay });
}

export function deleteRelayAction(session: string, id: number, actionId: number): Promise<RelayDto> {
  return apiRequest(`${relayPath(id)}/actions/delete/${actionId}`, {
    token: session,
    body: {},
    isExpectedBody: isRelay,
  });
}

export function fetchRelayRuns(session: string, id: number): Promise<RelayActionRunDto[]> {
  return apiRequest(`${relayPath(id)}/runs`, {
    token: session,
    isExpectedBody: (body): body is RelayActionRunDto[] => Array.isArray(body),
  });
}

/** The user's sites, for the actions' site names and the 'Setup actions for site' choice. */
export function fetchSiteChoices(claims: string): Promise<SiteSummary[]> {
  return apiRequest('/api/v2/sites', {
    token: claims,
    isExpectedBody: (body): body is SiteSummary[] => Array.isArray(body),
  });
}

/** Test action: a relay-worker drives the action's fire or fault settings once. */
export function testRelayAction(
  session: string,
  id: number,
  actionId: number,
  trigger: RelayTrigger,
): Promise<unknown> {
  return apiRequest(`${relayPath(id)}/actions/test/${actionId}`, { token: session, body: { trigger } });
}
