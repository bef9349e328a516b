import { ProtocolError } from '../protocol-error';
import type { GatewayMessageType, PanelMessageType } from '../messages/panel-link-messages.types';

/**
 * The order of a connection: hello, challenge, key proof, ready; then the working messages. Both
 * ends check every received frame against it; a frame out of order closes the connection.
 */
export type LinkState = 'awaitingHello' | 'awaitingProof' | 'verifying' | 'ready' | 'closed';

/** What a gateway accepts from a panel in each state, and the state it moves to. */
const PANEL_FRAMES: Record<LinkState, Partial<Record<PanelMessageType, LinkState>>> = {
  awaitingHello: { hello: 'awaitingProof' },
  awaitingProof: { keyProof: 'verifying' },
  // The gateway checks the device signature; the panel must wait for `ready` before sending more.
  verifying: {},
  ready: {
    heartbeat: 'ready',
    event: 'ready',
    runtime: 'ready',
    config: 'ready',
    cloudControl: 'ready',
    commandResult: 'ready',
  },
  closed: {},
};

/** The state after a panel's frame; throws 'unexpected-frame' when the frame is out of order. */
export function nextGatewayState(state: LinkState, type: PanelMessageType): LinkState {
  const next = PANEL_FRAMES[state][type];
  if (!next) throw new ProtocolError('unexpected-frame', `${type} is not allowed while ${state}`);
  return next;
}

/** The panel's side: it waits for the challenge (after its hello), then ready, then works; 'disconnected' between connections. */
export type PanelLinkState = 'disconnected' | 'awaitingChallenge' | 'awaitingReady' | 'ready';

const GATEWAY_FRAMES: Record<PanelLinkState, Partial<Record<GatewayMessageType, PanelLinkState>>> = {
  disconnected: {},
  awaitingChallenge: { challenge: 'awaitingReady', close: 'awaitingChallenge' },
  awaitingReady: { ready: 'ready', close: 'awaitingReady' },
  ready: {
    heartbeat: 'ready',
    eventAck: 'ready',
    configAck: 'ready',
    refused: 'ready',
    command: 'ready',
    close: 'ready',
  },
};

export function nextPanelState(state: PanelLinkState, type: GatewayMessageType): PanelLinkState {
  const next = GATEWAY_FRAMES[state][type];
  if (!next) throw new ProtocolError('unexpected-frame', `${type} is not allowed while ${state}`);
  return next;
}
