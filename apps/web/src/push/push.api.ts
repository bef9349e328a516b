import type { PushDeviceDto, PushDeviceRequest, PushSettingsResponse } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const PUSH_PATH = '/api/v2/account/push';
const devicePath = (id: number) => `${PUSH_PATH}/devices/${id}`;

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null;

/** The portal's VAPID public key (null: push is not set up) and the user's devices. Session token. */
export function fetchPushSettings(session: string): Promise<PushSettingsResponse> {
  return apiRequest(PUSH_PATH, {
    token: session,
    isExpectedBody: (body): body is PushSettingsResponse =>
      isObject(body) && 'publicKey' in body && 'devices' in body && Array.isArray(body.devices),
  });
}

/** Turns push on for a browser's subscription (the same endpoint again updates its device); answers the device. */
export function registerPushDevice(session: string, request: PushDeviceRequest): Promise<PushDeviceDto> {
  return apiRequest(`${PUSH_PATH}/devices`, {
    token: session,
    body: request,
    isExpectedBody: (body): body is PushDeviceDto => isObject(body) && 'id' in body && 'name' in body,
  });
}

export function removePushDevice(session: string, id: number): Promise<unknown> {
  return apiRequest(devicePath(id), { token: session, method: 'DELETE' });
}

/** Has the mailer send the device a test push. */
export function sendPushTest(session: string, id: number): Promise<unknown> {
  return apiRequest(`${devicePath(id)}/test`, { token: session, method: 'POST' });
}
