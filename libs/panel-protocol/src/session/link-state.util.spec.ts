import { GATEWAY_MESSAGE_TYPES, PANEL_MESSAGE_TYPES } from '../messages/panel-link-messages.types';
import { ProtocolError } from '../protocol-error';
import { nextGatewayState, nextPanelState, type LinkState } from './link-state.util';

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return (error as ProtocolError).reason;
  }
  return undefined;
}

describe('link order at the gateway', () => {
  it('goes hello → key proof → verifying (the gateway then moves to ready once the device proof holds)', () => {
    expect(nextGatewayState('awaitingHello', 'hello')).toBe('awaitingProof');
    expect(nextGatewayState('awaitingProof', 'keyProof')).toBe('verifying');
  });

  it.each<[LinkState, string[]]>([
    ['awaitingHello', ['hello']],
    ['awaitingProof', ['keyProof']],
    ['verifying', []],
    ['ready', ['heartbeat', 'event', 'runtime', 'config', 'cloudControl', 'commandResult']],
    ['closed', []],
  ])('while %s accepts only %j', (state, allowed) => {
    for (const type of PANEL_MESSAGE_TYPES) {
      if (allowed.includes(type)) expect(nextGatewayState(state, type)).toBeDefined();
      else expect(reasonOf(() => nextGatewayState(state, type))).toBe('unexpected-frame');
    }
  });
});

describe('link order at the panel', () => {
  it('goes challenge → ready, and accepts a close at any point', () => {
    expect(nextPanelState('awaitingChallenge', 'challenge')).toBe('awaitingReady');
    expect(nextPanelState('awaitingReady', 'ready')).toBe('ready');
    for (const state of ['awaitingChallenge', 'awaitingReady', 'ready'] as const)
      expect(nextPanelState(state, 'close')).toBe(state);
  });

  it('refuses working messages before ready and a handshake message after it', () => {
    for (const type of GATEWAY_MESSAGE_TYPES.filter((t) => !['challenge', 'close'].includes(t))) {
      expect(reasonOf(() => nextPanelState('awaitingChallenge', type))).toBe('unexpected-frame');
    }
    expect(reasonOf(() => nextPanelState('ready', 'challenge'))).toBe('unexpected-frame');
    expect(reasonOf(() => nextPanelState('ready', 'ready'))).toBe('unexpected-frame');
  });
});
