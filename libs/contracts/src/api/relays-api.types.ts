import type { RelayTriggerSettings } from '../relays/relay-trigger.types';

/** Calls under /api/relays (spec 7). Responses never carry a relay's password. */

export interface RelayActionDto {
  id: number;
  hwaddr: string;
  on_fire: RelayTriggerSettings;
  on_fault: RelayTriggerSettings;
}

export interface RelayDto {
  id: number;
  host: string;
  name: string;
  port: number;
  actions: RelayActionDto[];
}

/** POST /relays/_new. */
export interface RelayRequest {
  host: string;
  name?: string;
  port: number;
  /** Exactly 32 characters. */
  password: string;
}

/** POST /relays/{id}: a missing password keeps the stored one, since responses never return it. */
export interface RelayUpdateRequest {
  host: string;
  name?: string;
  port: number;
  password?: string;
}

/** POST /relays/{id}/actions: adds the action for a site, or replaces the relay's action for it. */
export interface RelayActionRequest {
  action: {
    hwaddr: string;
    on_fire: RelayTriggerSettings;
    on_fault: RelayTriggerSettings;
  };
}

/** POST /relays/_test: answers with a RelayStatus. */
export interface RelayTestRequest {
  host: string;
  port: number;
  password: string;
}
