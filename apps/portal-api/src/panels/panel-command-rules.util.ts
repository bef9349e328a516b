import { textContentProblem, type PanelCommand } from '@app/contracts';
import { ProtocolError, readNatsCommand } from '@app/panel-protocol';

/**
 * The first problem of a command's shape, ranges or text, in words naming the field, or null. The
 * same checks as the gateway's (so nothing leaves that it would refuse), and the portal's one text
 * rule (textContentProblem) for every text, the settings' included. Whether the zone,
 * module or device exists is the panel's call.
 */
export function commandProblem(command: PanelCommand): string | null {
  for (const [field, text] of textFields(command, '')) {
    const problem = textContentProblem(text);
    if (problem) return `${field} ${problem}`;
  }
  try {
    readNatsCommand(command);
    return null;
  } catch (error) {
    if (error instanceof ProtocolError) return error.detail.replace(/^command\./, '');
    throw error;
  }
}

function* textFields(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* textFields(item, path ? `${path}.${key}` : key);
  }
}
