import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { RootState } from '../shared/root-state.types';
import { browserPush } from '../push/push-browser';
import { rootReducer } from './root.reducer';
import { rootSaga, type AppServices } from './root.saga';

/** The browser as the running client has it; a test hands the store another. */
const browserServices: AppServices = { pushBrowser: browserPush };

/** A store with the saga middleware and the root saga running; tests build their own the same way. */
export function createAppStore(preloadedState?: Partial<RootState>, services: AppServices = browserServices) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  const rootTask = sagaMiddleware.run(rootSaga, services);
  return { store, rootTask };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
