import { PANEL_COMMANDS, type PanelCommandDefinition } from '@app/contracts';
import { commandName } from './recent-commands.component';

describe('Recent commands', () => {
  const definitions: readonly PanelCommandDefinition[] = PANEL_COMMANDS;

  it.each(definitions.map((definition) => [definition.kind, definition] as const))(
    'names a %s command as its definition does, never by its bare kind',
    (kind, definition) => {
      const command = { ...definition.example };
      const name = commandName({ kind, command });
      expect(name).toBe(definition.webLabelOf?.(command) ?? definition.webLabel);
      expect(name).not.toBe(kind);
    },
  );

  it('names a button by its label, and a kind no definition has by itself', () => {
    expect(commandName({ kind: 'button', command: { action: 'SOUNDER', data: 'OFF' } })).toBe('Stop Sounders');
    expect(commandName({ kind: 'selfDestruct', command: {} })).toBe('selfDestruct');
  });

  it("names the site's test mode started and ended with its reason", () => {
    const reason = 'Detector tests';
    expect(
      commandName({ kind: 'test-mode-start', command: { minutes: 60, reason, until: '2026-11-25T16:30:00.000Z' } }),
    ).toBe('Test mode started until 25/11/2026 16:30:00 UTC: Detector tests');
    expect(commandName({ kind: 'test-mode-end', command: { reason, asPlanned: true } })).toBe(
      'Test mode ended as planned: Detector tests',
    );
    expect(commandName({ kind: 'test-mode-end', command: { reason, asPlanned: false } })).toBe(
      'Test mode ended: Detector tests',
    );
  });

  it('names an acknowledged alarm with its title and note', () => {
    expect(
      commandName({
        kind: 'alarm-acknowledge',
        command: { alarmId: 7, alarmKind: 'fire', title: 'Fire alarm', note: 'Burnt toast' },
      }),
    ).toBe('Alarm acknowledged: Fire alarm (Burnt toast)');
    expect(commandName({ kind: 'alarm-acknowledge', command: { alarmId: 7, title: 'Fire alarm', note: '' } })).toBe(
      'Alarm acknowledged: Fire alarm',
    );
  });
});
