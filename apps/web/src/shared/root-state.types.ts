/**
 * The store's state as every domain reads it. Each domain declares its own key beside its slice
 * (`declare module '../shared/root-state.types'`), so that selectors and sagas read the state
 * without importing the root, which imports every domain; the root reducer is checked against it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the domains' declarations
export interface RootState {}
