/** The confirmation My Account shows after a successful save. */
export const ACCOUNT_SAVED_MESSAGE = 'Your account details have been saved.';

/** Under the toast preference: what it turns off and what it never does. */
export const OTHER_EVENT_TOASTS_HELP =
  "A toast for each site's system, service and technical events, one per burst ('Depot: 12 new events'), " +
  'in every browser you sign in to. Fire and fault always show a toast.';
