import { createAppStore } from '../app/app.store';
import { waitUntil } from '../../test/store-wait.util';

/** Lets every callback of a promise already settled run: what the saga does next has happened. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('service worker saga', () => {
  let app: ReturnType<typeof createAppStore> | undefined;
  let register: jest.Mock<Promise<unknown>, [string, RegistrationOptions?]>;
  let warn: jest.SpyInstance;

  /** A browser with service workers, as jsdom is not. */
  function withServiceWorkers(): ServiceWorkerContainer {
    const container = { register } as unknown as ServiceWorkerContainer;
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    return container;
  }

  /** The page still loading, until `loaded` is called. */
  function pageLoading(): { loaded(): void } {
    let state: DocumentReadyState = 'loading';
    Object.defineProperty(document, 'readyState', { get: () => state, configurable: true });
    return {
      loaded() {
        state = 'complete';
        window.dispatchEvent(new Event('load'));
      },
    };
  }

  beforeEach(() => {
    register = jest.fn<Promise<unknown>, [string, RegistrationOptions?]>(() => Promise.resolve({}));
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    app?.rootTask.cancel();
    app = undefined;
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'readyState');
    warn.mockRestore();
  });

  it('registers /sw.js for every page once the page has loaded, not before', async () => {
    const container = withServiceWorkers();
    const page = pageLoading();
    app = createAppStore();
    await settled();
    expect(register).not.toHaveBeenCalled();

    page.loaded();
    await waitUntil(() => register.mock.calls.length > 0, 'the registration');

    expect(register.mock.calls).toEqual([['/sw.js', { scope: '/' }]]);
    expect(register.mock.contexts[0]).toBe(container);
    expect(warn).not.toHaveBeenCalled();
  });

  it('registers at once when the page has already loaded', async () => {
    withServiceWorkers();
    app = createAppStore();
    await waitUntil(() => register.mock.calls.length > 0, 'the registration');
    expect(register.mock.calls).toEqual([['/sw.js', { scope: '/' }]]);
  });

  it('logs a refused registration as a warning, and the app runs on', async () => {
    register.mockImplementation(() => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')));
    withServiceWorkers();
    app = createAppStore();
    await waitUntil(() => warn.mock.calls.length > 0, 'the warning');

    expect(warn.mock.calls).toEqual([['The service worker was not registered: The operation is insecure.']]);
    expect(app.rootTask.isRunning()).toBe(true);
  });

  it('leaves a browser without service workers as it is, as jsdom is', async () => {
    expect('serviceWorker' in navigator).toBe(false);
    app = createAppStore();
    await settled();

    expect(warn).not.toHaveBeenCalled();
    expect(app.rootTask.isRunning()).toBe(true);
  });
});
