import { call } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SERVICE_WORKER_PATH } from './system.constants';

/** Resolves once the page has loaded, so that fetching the worker never slows the page's own start. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers the service worker that makes the client an installable app, once the page has loaded.
 * Where there are no service workers (an older browser, a page not served securely, the unit tests'
 * jsdom) the client runs as before; a refused registration costs only the install, so it is logged.
 */
export function* serviceWorkerSaga() {
  if (!('serviceWorker' in navigator)) return;
  yield* call(pageLoaded);
  try {
    yield* call([navigator.serviceWorker, navigator.serviceWorker.register], SERVICE_WORKER_PATH, { scope: '/' });
  } catch (error) {
    console.warn(`The service worker was not registered: ${errorMessage(error)}`);
  }
}
