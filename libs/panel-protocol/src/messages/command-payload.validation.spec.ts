import { panelCommandOfBody, PANEL_COMMANDS, type PanelCommandDefinition } from '@app/contracts';
import { ProtocolError } from '../protocol-error';
import { readNatsCommand, toWireCommand } from './command-payload.validation';
import { decodeGatewayMessage, encodeMessage } from './message.codec';

describe('commands from NATS', () => {
  it('reads each kind the portal sends, dropping unknown fields', () => {
    expect(readNatsCommand({ kind: 'button', action: 'SOUNDER', data: 'OFF', extra: 1 })).toEqual({
      kind: 'button',
      action: 'SOUNDER',
      data: 'OFF',
    });
    expect(readNatsCommand({ kind: 'keyProof', key: '0042' })).toEqual({ kind: 'keyProof', key: '0042' });
    expect(readNatsCommand({ kind: 'resync' })).toEqual({ kind: 'resync' });
    expect(readNatsCommand({ kind: 'deviceSettings', port_id: 1, mod_idx: 2, settings: { resetTime: 30 } })).toEqual({
      kind: 'deviceSettings',
      port_id: 1,
      mod_idx: 2,
      settings: { resetTime: 30 },
    });
  });

  it.each([
    [{ kind: 'keyProof', key: '12a4' }, 'command.key'],
    [{ kind: 'keyProof' }, 'command.key'],
    [{ kind: 'strings', panelName: 'x' }, 'command.panelCompanyName'],
    [{ kind: 'nothing' }, 'command.kind'],
    [null, 'command must be an object'],
  ])('refuses %j', (value, detail) => {
    let caught: unknown;
    try {
      readNatsCommand(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProtocolError);
    expect((caught as ProtocolError).detail).toContain(detail);
  });

  it('sends a key proof to the panel as a fresh nonce, never as the key', () => {
    const nonce = 'ab'.repeat(32);
    expect(toWireCommand({ kind: 'keyProof', key: '1234' }, () => nonce)).toEqual({
      kind: 'keyProof',
      payload: { nonce },
    });
    expect(toWireCommand({ kind: 'zone', id: 1, name: 'Hall', mode: 'MODE_ENABLED' }, () => nonce)).toEqual({
      kind: 'zone',
      payload: { id: 1, name: 'Hall', mode: 'MODE_ENABLED' },
    });
  });
});

describe('every command of the registry', () => {
  const definitions: readonly PanelCommandDefinition[] = PANEL_COMMANDS;

  it.each(definitions.map((definition) => [definition.kind, definition] as const))(
    '%s: the gateway reads it from NATS and the panel from the wire',
    (kind, definition) => {
      const command = panelCommandOfBody(definition, definition.example);
      expect(readNatsCommand(command)).toEqual(command);
      const wire = toWireCommand(command, () => 'ab'.repeat(32));
      const frame = encodeMessage({ type: 'command', correlationId: 'c-1', networkId: 1, ...wire }, 1 << 20);
      expect(decodeGatewayMessage(frame.subarray(4))).toEqual({
        type: 'command',
        correlationId: 'c-1',
        networkId: 1,
        kind,
        payload: wire.payload,
      });
    },
  );
});
