import { HWADDR_PATTERN, NETWORK_ID_PATTERN } from '@app/contracts';
import type { LogFields } from '@app/platform';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';

/** Relay routes name the relay `:id` and its action `:actionId`. */
const RELAY_ROUTE = /^\/api\/relays\/:id\b/;
const DIGITS = /^[0-9]{1,15}$/;

/**
 * What a request is about, for its log lines: the user its token proved (guards run first), and
 * the panel, network, relay and relay action its path names when they are well formed.
 */
export function requestLogFields(request: AuthenticatedRequest): LogFields {
  const fields: LogFields = {};
  const userId = request.session?.userId ?? request.claims?.userId;
  if (userId) fields.userId = userId;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const hwaddr = params.hwaddr?.toLowerCase();
  if (hwaddr && HWADDR_PATTERN.test(hwaddr)) fields.hwaddr = hwaddr;
  if (params.networkId && NETWORK_ID_PATTERN.test(params.networkId)) fields.networkId = Number(params.networkId);
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string' && RELAY_ROUTE.test(route)) {
    if (params.id && DIGITS.test(params.id)) fields.relayId = Number(params.id);
    if (params.actionId && DIGITS.test(params.actionId)) fields.relayActionId = Number(params.actionId);
  }
  return fields;
}
