import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../app/root.reducer';

export const selectRelays = (state: RootState) => state.relays;
export const selectRelaysLoaded = (state: RootState) => state.relays.loaded;
export const selectRelaysError = (state: RootState) => state.relays.error;

/** Relay tiles: the name, and 'host : port' (spec 2.4). */
export const selectRelayTiles = createSelector(selectRelays, (relays) =>
  relays.list.map((relay) => ({ id: relay.id, name: relay.name || relay.host, address: `${relay.host} : ${relay.port}` })),
);
