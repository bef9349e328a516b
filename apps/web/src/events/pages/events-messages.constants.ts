/** The events page's message for a From date after the To date (caught before any request). */
export const EVENTS_RANGE_REVERSED =
  "The 'From' date is after the 'To' date. Choose a From date on or before the To date.";
