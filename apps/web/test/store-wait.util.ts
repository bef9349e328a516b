import { waitUntil as waitUntilWithin } from '../../../libs/testing/src/wait-until.util';

/**
 * The back-end tests' condition wait, for conditions outside the store (sockets, the fake API); it
 * gives up inside Jest's 5 s test timeout so a failure names what was awaited.
 */
export const waitUntil = <T>(check: () => T | Promise<T>, description: string) =>
  waitUntilWithin(check, description, 4_000);

interface ObservableStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/** Resolves with the first state that satisfies the condition, the current one included. */
export function waitForState<S>(store: ObservableStore<S>, condition: (state: S) => boolean): Promise<S> {
  return new Promise((resolve) => {
    if (condition(store.getState())) {
      resolve(store.getState());
      return;
    }
    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (condition(state)) {
        unsubscribe();
        resolve(state);
      }
    });
  });
}
