/** The confirmation My Account shows after a successful save. */
export const ACCOUNT_SAVED_MESSAGE = 'Your account details have been saved.';
