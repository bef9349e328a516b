/**
 * Body of `GET /api/v2/status`: whether the portal is working, as a signed-in user may know it.
 * Which dependency is down, and why, is for operators only (`/healthz` on each app's ops port).
 */
export interface PortalStatus {
  /** 'degraded': a part of the portal does not answer, so live updates, commands and mails may be late. */
  status: 'ok' | 'degraded';
  /** When the portal last checked its parts (ISO 8601, UTC): the answer is reused for a few seconds. */
  checkedAt: string;
}
