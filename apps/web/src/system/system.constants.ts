/** Whether the portal is working, for signed-in users (the per-dependency /healthz is on the operators' port only). */
export const PORTAL_STATUS_PATH = '/api/v2/status';

/** How often the status box asks again, in milliseconds. */
export const PORTAL_STATUS_REFRESH_MS = 10_000;

/** The service worker that makes the client an installable app; served from the root, so that its scope is every page. */
export const SERVICE_WORKER_PATH = '/sw.js';
