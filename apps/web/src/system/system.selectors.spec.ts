import { rootReducer } from '../app/root.reducer';
import { degradedReport } from './system-health.fixtures';
import { selectHealthAwaitingFirstAnswer, selectHealthCheckRows } from './system.selectors';
import { healthCheckFailed, healthCheckRequested, healthCheckSucceeded } from './system.slice';

describe('system selectors', () => {
  const initial = rootReducer(undefined, { type: 'init' });

  it('lists the checks by name with the reason of those that are down', () => {
    const state = rootReducer(initial, healthCheckSucceeded(degradedReport));

    expect(selectHealthCheckRows(state)).toEqual([
      { name: 'nats', up: false, reason: 'connection refused' },
      { name: 'postgres', up: true },
      { name: 'redis', up: true },
    ]);
  });

  it('lists no checks before the first answer or after a failure', () => {
    const failed = rootReducer(rootReducer(initial, healthCheckSucceeded(degradedReport)), healthCheckFailed('x'));

    expect(selectHealthCheckRows(initial)).toEqual([]);
    expect(selectHealthCheckRows(failed)).toEqual([]);
  });

  it('awaits the first answer only until a report or a failure arrives', () => {
    const requested = rootReducer(initial, healthCheckRequested());
    const refreshing = rootReducer(
      rootReducer(requested, healthCheckSucceeded(degradedReport)),
      healthCheckRequested(),
    );
    const failed = rootReducer(requested, healthCheckFailed('Server currently unavailable.'));

    expect(selectHealthAwaitingFirstAnswer(requested)).toBe(true);
    expect(selectHealthAwaitingFirstAnswer(refreshing)).toBe(false);
    expect(selectHealthAwaitingFirstAnswer(failed)).toBe(false);
  });
});
