import { createSelector } from '@reduxjs/toolkit';
import { type PushDeviceDto } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import type { PushState } from './push.slice';
import { shownTime } from '../shared/shown-time.util';

export const selectPush = (state: RootState) => state.push;

/**
 * Push on this browser as the section shows it: still being read, not set up on this portal, not
 * possible in this browser, or on or off for it.
 */
export type ThisDevicePush = 'checking' | 'notConfigured' | 'unsupported' | 'on' | 'off';

export function thisDevicePush(push: PushState): ThisDevicePush {
  if (!push.loaded || !push.browser.checked) return 'checking';
  if (push.publicKey === null) return 'notConfigured';
  if (!push.browser.supported) return 'unsupported';
  const listed = push.devices.some((device) => device.id === push.thisDeviceId);
  return push.thisDeviceId !== null && listed ? 'on' : 'off';
}

export const selectThisDevicePush = (state: RootState) => thisDevicePush(state.push);

/** The user said no to notifications in this browser (now or before): only its settings can undo that. */
export const selectPushBlocked = (state: RootState) =>
  state.push.browser.checked && state.push.browser.supported && state.push.browser.permission === 'denied';

/** A device as the list reads. */
export interface PushDeviceRow {
  id: number;
  name: string;
  /** The push service's host: 'fcm.googleapis.com'. */
  service: string;
  since: string;
  lastPush: string;
  thisDevice: boolean;
}

function serviceHost(service: string): string {
  try {
    return new URL(service).host || service;
  } catch {
    return service;
  }
}

function rowOf(device: PushDeviceDto, thisDeviceId: number | null): PushDeviceRow {
  return {
    id: device.id,
    name: device.name,
    service: serviceHost(device.service),
    since: `Since ${shownTime(device.createdAt)}`,
    lastPush: device.lastPushAt === null ? 'No push yet' : `Last push ${shownTime(device.lastPushAt)}`,
    thisDevice: device.id === thisDeviceId,
  };
}

/** The user's devices in the API's order, this browser's marked. */
export const selectPushDeviceRows = createSelector(
  [(state: RootState) => state.push.devices, (state: RootState) => state.push.thisDeviceId],
  (devices, thisDeviceId) => devices.map((device) => rowOf(device, thisDeviceId)),
);
