import { combineReducers } from '@reduxjs/toolkit';
import { systemSlice } from '../system/system.slice';

export const rootReducer = combineReducers({
  [systemSlice.name]: systemSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
