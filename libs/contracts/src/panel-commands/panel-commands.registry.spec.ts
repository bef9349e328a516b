import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkPanelCommandBody,
  checkPanelCommandFields,
  panelCommandAuditLabel,
  panelCommandDefinition,
  panelCommandOfBody,
  panelCommandOfRoute,
  panelCommandWebLabel,
  panelSupportsCommand,
  PANEL_COMMAND_KINDS,
  PANEL_COMMANDS,
  PANEL_PROTOCOL_NEWEST_VERSION,
  PANEL_PROTOCOL_OLDEST_VERSION,
  protocolVersionOf,
  ROUTED_PANEL_COMMANDS,
} from './panel-commands.registry';
import type { PanelCommandDefinition } from './panel-command.definition';

const definitions: readonly PanelCommandDefinition[] = PANEL_COMMANDS;
const ROOT = resolve(__dirname, '../../../..');

describe('the panel command registry', () => {
  it('lists every definition file of the folder, each once', () => {
    const files = readdirSync(__dirname).filter((file) => file.endsWith('.command.ts'));
    const exported = files.flatMap((file) =>
      [...readFileSync(join(__dirname, file), 'utf8').matchAll(/export const (\w+) = definePanelCommand\(/g)].map(
        ([, name]) => `${file}:${name}`,
      ),
    );
    // Each file defines one command, and each defined command is in the list.
    expect(exported).toHaveLength(files.length);
    const listed = readFileSync(join(__dirname, 'panel-commands.registry.ts'), 'utf8');
    for (const entry of exported) expect(listed).toMatch(new RegExp(`^  ${entry.split(':')[1]},$`, 'm'));
    expect(PANEL_COMMANDS).toHaveLength(files.length);
  });

  it('has one definition per kind and per route', () => {
    expect(new Set(PANEL_COMMAND_KINDS).size).toBe(PANEL_COMMANDS.length);
    const routes = ROUTED_PANEL_COMMANDS.map((definition) => definition.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const definition of definitions) {
      expect(panelCommandDefinition(definition.kind)).toBe(definition);
      if (definition.route) expect(panelCommandOfRoute(definition.route)).toBe(definition);
    }
  });

  it("keeps the spec's URLs of the commands it names (spec 7)", () => {
    expect(Object.fromEntries(ROUTED_PANEL_COMMANDS.map((definition) => [definition.kind, definition.route]))).toEqual(
      expect.objectContaining({
        zone: 'zone',
        deviceName: 'tmp-name',
        deviceZone: 'tmp-zone',
        button: 'buttons',
        strings: 'strings',
        moduleSettings: 'module',
        deviceSettings: 'device',
      }),
    );
  });

  it.each(definitions.map((definition) => [definition.kind, definition] as const))(
    '%s: labels, a protocol version the portal speaks, and a valid example',
    (_kind, definition) => {
      expect(definition.auditLabel.trim()).not.toBe('');
      expect(definition.webLabel.trim()).not.toBe('');
      expect(definition.summary.trim()).not.toBe('');
      expect(definition.since).toBeGreaterThanOrEqual(PANEL_PROTOCOL_OLDEST_VERSION);
      expect(definition.since).toBeLessThanOrEqual(PANEL_PROTOCOL_NEWEST_VERSION);
      const body = checkPanelCommandBody(definition, definition.example);
      expect(body).toEqual({ ok: true, value: definition.example });
      // The command sent for it passes as a NATS command, the fields portal-api sets included.
      const command = panelCommandOfBody(definition, definition.example);
      expect(checkPanelCommandFields(definition, command, { path: 'command' })).toMatchObject({ ok: true });
    },
  );

  it('names commands for the audit log and the web client, a button by its pair', () => {
    expect(panelCommandAuditLabel('zone')).toBe('Zone edit');
    expect(panelCommandWebLabel('deviceName')).toBe('Device name');
    expect(panelCommandWebLabel('button', { action: 'RESET', data: 'NA' })).toBe('Reset');
    expect(panelCommandWebLabel('button', { action: 'SOUNDER', data: 'NA' })).toBe('SOUNDER NA');
    // A kind an older portal recorded and no definition has any more shows as itself.
    expect(panelCommandWebLabel('selfDestruct')).toBe('selfDestruct');
    expect(panelCommandAuditLabel('selfDestruct')).toBe('selfDestruct');
  });

  it('knows which commands a protocol version has; a connection record without one is of the oldest', () => {
    expect(panelSupportsCommand({ since: 2 }, 2)).toBe(true);
    expect(panelSupportsCommand({ since: 3 }, 2)).toBe(false);
    expect(panelSupportsCommand({ since: 3 }, 3)).toBe(true);
    expect(protocolVersionOf({})).toBe(PANEL_PROTOCOL_OLDEST_VERSION);
    expect(protocolVersionOf({ protocolVersion: 3 })).toBe(3);
    expect(PANEL_PROTOCOL_NEWEST_VERSION).toBe(Math.max(2, ...definitions.map((definition) => definition.since)));
  });

  it('has every kind in the protocol page’s table of commands, and no other', () => {
    const page = readFileSync(join(ROOT, 'docs/panel-protocol.md'), 'utf8');
    const table = page.slice(page.indexOf('| kind | payload |'));
    const kinds = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `(\w+)` \|/gm)].map(([, kind]) => kind);
    expect(kinds.sort()).toEqual([...PANEL_COMMAND_KINDS].sort());
  });
});
