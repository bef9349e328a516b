import { apiRequest } from '../shared/api-client';
import { PORTAL_STATUS_PATH } from './system.constants';
import type { PortalStatus } from './portal-status.types';

/** Whether the portal is working; a degraded portal answers 200 too, so every other status is a failure. */
export function fetchPortalStatus(session: string, signal?: AbortSignal): Promise<PortalStatus> {
  return apiRequest(PORTAL_STATUS_PATH, { token: session, signal, isExpectedBody: isPortalStatus });
}

/** A checkedAt that is not a time would show as 'Checked at ' with nothing after it: such a body is invalid. */
function isPortalStatus(body: unknown): body is PortalStatus {
  if (typeof body !== 'object' || body === null) return false;
  const { status, checkedAt } = body as Record<string, unknown>;
  return (
    (status === 'ok' || status === 'degraded') && typeof checkedAt === 'string' && !Number.isNaN(Date.parse(checkedAt))
  );
}
