export type { PortalStatus } from '@app/contracts';

/** The last answer as the status box says it: in product words, naming no part of the portal. */
export interface PortalStatusLines {
  status: 'ok' | 'degraded';
  summary: string;
  /** 'Checked at DD/MM/YYYY HH:mm:ss UTC'. */
  checkedAt: string;
}
