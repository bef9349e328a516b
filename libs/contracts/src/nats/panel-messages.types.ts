import type { EventCategory } from '../events/event-categories.catalogue';
import type { PanelConfig } from '../panel/panel-config.types';
import type { PanelType } from '../panel/panel-types.catalogue';
import type { RuntimeReport } from '../panel/runtime.types';

/** Payloads the panel gateway publishes about its panels (ARCHITECTURE.md, "NATS subjects"). Dates are ISO 8601. */

/** `panel.<hwaddr>.event` on stream PANEL_EVENTS; message id panelEventKey(hwaddr, seq). */
export interface PanelEventMessage {
  hwaddr: string;
  /** The panel's own event sequence number. */
  seq: number;
  networkId: number;
  category: EventCategory;
  title: string;
  /** The panel's clock at the event. */
  panelDate: string;
  location: string;
  /** When the gateway received the event. */
  receivedAt: string;
}

/** `panel.<hwaddr>.config` on stream PANEL_CONFIG: one network's full configuration snapshot. */
export interface PanelConfigMessage extends PanelConfig {
  hwaddr: string;
}

/** `panel.<hwaddr>.connection`, latest value also in the PANEL_CONNECTIONS bucket. */
export interface PanelConnectionMessage {
  hwaddr: string;
  connected: boolean;
  /** The panel accepts control and edits from the cloud. */
  cloudControl: boolean;
  panelType: PanelType;
  firmware: string;
  networkIds: number[];
  /**
   * The panel link protocol version the panel speaks (its hello's): portal-api sends it no command
   * of a later version. Absent from the records of gateways that spoke version 2 alone.
   */
  protocolVersion?: number;
  /** The gateway copy holding the panel's connection. */
  gatewayId: string;
  /** Unique per panel connection: tells a stale disconnect apart from the current connection. */
  connectionId: string;
  /**
   * The panel's answer to the gateway's challenge at connection: proof = HMAC-SHA256 keyed with the
   * panel's 4-digit admin key (ASCII) over the nonce's bytes, both lowercase hex. Whoever knows the
   * key a user claimed (portal-api) checks it with verifyKeyProof of @app/panel-protocol; the key
   * itself never crosses the wire.
   */
  keyProof: { nonce: string; proof: string };
  at: string;
}

/** `panel.<hwaddr>.runtime`, latest value per network also in the PANEL_RUNTIME bucket. */
export interface PanelRuntimeMessage {
  hwaddr: string;
  networkId: number;
  runtime: RuntimeReport;
  at: string;
}
