import { loadRelayWorkerConfig } from './relay-worker.config';

describe('loadRelayWorkerConfig: the board lock', () => {
  it('holds a board on a 5 s lease and waits 60 s for one by default', () => {
    const { driving } = loadRelayWorkerConfig({});
    expect({ leaseMs: driving.boardLeaseMs, waitMs: driving.boardWaitMs }).toEqual({ leaseMs: 5000, waitMs: 60_000 });
  });

  it('refuses a wait for a board that a dead worker could outlast', () => {
    expect(() => loadRelayWorkerConfig({ RELAY_BOARD_LEASE_MS: '10000', RELAY_BOARD_WAIT_MS: '10000' })).toThrow(
      "Invalid configuration: RELAY_BOARD_WAIT_MS must be longer than RELAY_BOARD_LEASE_MS (10000), got '10000'",
    );
  });

  it('names a lease that is not a number', () => {
    expect(() => loadRelayWorkerConfig({ RELAY_BOARD_LEASE_MS: 'soon' })).toThrow('RELAY_BOARD_LEASE_MS');
  });
});
