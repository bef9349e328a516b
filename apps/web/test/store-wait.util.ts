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
