/**
 * How long one check of the portal's dependencies answers every user's status request: any number of
 * open Help pages costs the database, NATS and Redis one check per this time.
 */
export const PORTAL_STATUS_REUSE_MS = 5_000;
