import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { RootState } from '../shared/root-state.types';
import { rootReducer } from './root.reducer';
import { rootSaga } from './root.saga';

/** A store with the saga middleware and the root saga running; tests build their own the same way. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  const rootTask = sagaMiddleware.run(rootSaga);
  return { store, rootTask };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
