import type { PortalStatus } from './portal-status.types';

/** Portal statuses as portal-api sends them, for the tests of the system domain. */

export const workingStatus: PortalStatus = { status: 'ok', checkedAt: '2026-11-29T06:09:12.000Z' };

export const degradedStatus: PortalStatus = { status: 'degraded', checkedAt: '2026-11-29T06:09:22.000Z' };
