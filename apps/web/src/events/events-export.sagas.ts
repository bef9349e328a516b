import { call, put, select, takeLeading } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { saveFile } from './save-file.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { downloadEventsCsv } from './events-export.api';
import { eventsExportFailed, eventsExportRequested, eventsExportSaved } from './events-export.slice';
import { eventsQueryOf } from './events-query.util';
import { selectEvents } from './events.selectors';

/**
 * Downloads the CSV of what the Events page shows (its site, range, category and network; every page)
 * with the claims token, then hands it to the browser as a file. One export at a time (takeLeading).
 */
export function* exportEvents() {
  const { hwaddr, filter } = yield* select(selectEvents);
  if (hwaddr === null) return;
  try {
    const claims = yield* call(requireClaimsToken);
    const { limit: _limit, offset: _offset, ...query } = eventsQueryOf(filter);
    const file = yield* call(downloadEventsCsv, claims, hwaddr, query);
    yield* call(saveFile, file.blob, file.fileName ?? `events-${hwaddr}.csv`);
    yield* put(eventsExportSaved());
  } catch (error) {
    // An ended session clears the page itself (sessionCleared); anything else is said beside the button.
    if (!(error instanceof SessionExpiredError)) yield* put(eventsExportFailed(errorMessage(error)));
  }
}

export function* eventsExportSaga() {
  yield* takeLeading(eventsExportRequested.type, exportEvents);
}
