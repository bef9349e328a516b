import type { NotificationDto } from '../api/notifications-api.types';
import type { RuntimeReport } from '../panel/runtime.types';

/** The live feed's messages (spec 7, "Live feed"), each `{ type, data }` as JSON on the websocket. */

export type LivefeedLogCategory = 'fire' | 'fault' | 'other';

/** Server → browser. */
export interface LivefeedServerMessageMap {
  /** Refresh auth, then send the token. */
  INIT: Record<string, never>;
  /** Refresh auth, reload sites, send the token. */
  AUTH_CHK: Record<string, never>;
  NotificationEvent: { hwaddr: string; notification: NotificationDto };
  LogEvent: { hwaddr: string; category: LivefeedLogCategory; title: string };
  Connection: { hwaddr: string; connected: boolean };
  Runtime: { hwaddr: string; networkId: number; report: RuntimeReport };
  Resync: { hwaddr: string };
  ConfigSync: { hwaddr: string; networkId: number };
}

export type LivefeedMessageType = keyof LivefeedServerMessageMap;

export type LivefeedMessage = {
  [K in LivefeedMessageType]: { type: K; data: LivefeedServerMessageMap[K] };
}[LivefeedMessageType];

export type LivefeedMessageOf<K extends LivefeedMessageType> = Extract<LivefeedMessage, { type: K }>;

/** Browser → server. */
export interface LivefeedClientMessageMap {
  /** Carries the claims token. */
  TOKEN_SET: { token: string };
}

export type LivefeedClientMessageType = keyof LivefeedClientMessageMap;

export type LivefeedClientMessage = {
  [K in LivefeedClientMessageType]: { type: K; data: LivefeedClientMessageMap[K] };
}[LivefeedClientMessageType];

export const LIVEFEED_MESSAGE_TYPES: readonly LivefeedMessageType[] = [
  'INIT',
  'AUTH_CHK',
  'NotificationEvent',
  'LogEvent',
  'Connection',
  'Runtime',
  'Resync',
  'ConfigSync',
];
