import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (logout, expiry, missing token): every domain drops what it cached for the user
 * (spec 4, "Session"). The notice is what the login page shows, if anything.
 */
export const sessionCleared = createAction<{ notice: string | null }>('session/cleared');
