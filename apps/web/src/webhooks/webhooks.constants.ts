/** How often an open section asks for its deliveries again while one of them is still owed. */
export const WEBHOOK_DELIVERIES_REFRESH_MS = 3_000;
