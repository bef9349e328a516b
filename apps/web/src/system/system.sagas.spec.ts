import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import {
  installFetchMock,
  jsonResponse,
  networkFailure,
  textResponse,
  type FetchMock,
} from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { degradedReport, healthyReport } from './system-health.fixtures';
import { HEALTH_REFRESH_MS } from './system.constants';
import { healthPollingStarted, healthPollingStopped } from './system.slice';

describe('system saga', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;

  const answered = (state: RootState) => !state.system.checking && (state.system.report ?? state.system.error) !== null;

  beforeEach(() => {
    fetchMock = installFetchMock();
    app = createAppStore();
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  it('asks /healthz once polling starts and stores the report', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 'OK', healthyReport));

    app.store.dispatch(healthPollingStarted());
    expect(app.store.getState().system.checking).toBe(true);
    const state = await waitForState(app.store, answered);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/healthz');
    expect(state.system).toEqual({ checking: false, report: healthyReport, error: null });
  });

  it('stores the report that comes with a 503 when a dependency is down', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, 'Service Unavailable', degradedReport));

    app.store.dispatch(healthPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system).toEqual({ checking: false, report: degradedReport, error: null });
  });

  it('stores the network failure in the spec wording', async () => {
    fetchMock.mockImplementation(() => networkFailure('Failed to fetch'));

    app.store.dispatch(healthPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system).toEqual({
      checking: false,
      report: null,
      error: 'Could not contact server due to: Failed to fetch',
    });
  });

  it("stores 'Server currently unavailable.' on 502", async () => {
    fetchMock.mockResolvedValue(textResponse(502, 'Bad Gateway', 'Bad Gateway'));

    app.store.dispatch(healthPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system.error).toBe('Server currently unavailable.');
  });

  it('treats a 503 without a health report as an invalid answer', async () => {
    fetchMock.mockResolvedValue(textResponse(503, 'Service Unavailable', 'maintenance'));

    app.store.dispatch(healthPollingStarted());
    const state = await waitForState(app.store, answered);

    expect(state.system.error).toBe('Status code 503 Service Unavailable returned by server with invalid body.');
  });

  it('asks again every refresh period and replaces a failure with the new report', async () => {
    jest.useFakeTimers();
    fetchMock
      .mockImplementationOnce(() => networkFailure('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, 'OK', healthyReport));

    app.store.dispatch(healthPollingStarted());
    await waitForState(app.store, (state) => state.system.error !== null);
    await jest.advanceTimersByTimeAsync(HEALTH_REFRESH_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(1);
    const state = await waitForState(app.store, (current) => current.system.report !== null);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(state.system).toEqual({ checking: false, report: healthyReport, error: null });
  });

  it('stops asking once polling stops', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, 'OK', healthyReport)));

    app.store.dispatch(healthPollingStarted());
    await waitForState(app.store, answered);
    app.store.dispatch(healthPollingStopped());
    await jest.advanceTimersByTimeAsync(3 * HEALTH_REFRESH_MS);

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('aborts a request in flight when polling stops', () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));

    app.store.dispatch(healthPollingStarted());
    const signal = fetchMock.mock.calls[0][1]?.signal;
    expect(signal?.aborted).toBe(false);
    app.store.dispatch(healthPollingStopped());

    expect(signal?.aborted).toBe(true);
    expect(app.store.getState().system).toEqual({ checking: false, report: null, error: null });
  });

  it('starts again after a stop', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, 'OK', healthyReport))
      .mockResolvedValueOnce(jsonResponse(503, 'Service Unavailable', degradedReport));

    app.store.dispatch(healthPollingStarted());
    await waitForState(app.store, answered);
    app.store.dispatch(healthPollingStopped());
    app.store.dispatch(healthPollingStarted());
    const state = await waitForState(app.store, (current) => current.system.report?.status === 'error');

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(state.system.report).toEqual(degradedReport);
  });
});
