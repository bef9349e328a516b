import { all, fork } from 'typed-redux-saga';
import { systemSaga } from '../system/system.sagas';

export function* rootSaga() {
  yield* all([fork(systemSaga)]);
}
