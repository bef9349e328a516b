/**
 * The query an alarm's page opens with when Acknowledge was chosen on the alarm's notification: the
 * page acknowledges it at once. The service worker (public/sw.js) builds the same link.
 */
export const ACKNOWLEDGE_PARAM = 'acknowledge';

/** Where a notification's Acknowledge leads: '/alarms/12?acknowledge=1'. */
export const acknowledgeLinkOf = (id: number) => `/alarms/${id}?${ACKNOWLEDGE_PARAM}=1`;

/** The page's query asks for the acknowledgement. */
export const asksToAcknowledge = (search: URLSearchParams) => search.get(ACKNOWLEDGE_PARAM) === '1';
