/** Health of portal-api, served beside (not under) /api. */
export const HEALTH_PATH = '/healthz';

/** How often the status box asks again, in milliseconds. */
export const HEALTH_REFRESH_MS = 10_000;

/** portal-api answers 503 with the same report when a dependency is down. */
export const HEALTH_DEGRADED_STATUS = 503;

/** The service worker that makes the client an installable app; served from the root, so that its scope is every page. */
export const SERVICE_WORKER_PATH = '/sw.js';
