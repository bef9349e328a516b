// Which lines of `npm start`'s children the terminal shows, and how: every line goes to the child's
// log file; the terminal gets errors, relay pulses and what the demo panel answers.

export type OutputStream = 'stdout' | 'stderr';

/** What the terminal shows for one line of a child's output, or undefined to leave it in the log file. */
export type LineFilter = (line: string, stream: OutputStream) => string | undefined;

/** pino's numeric levels: 50 is error, 60 fatal. */
const PINO_ERROR = 50;

interface PinoLine {
  level?: unknown;
  msg?: unknown;
  err?: { message?: unknown };
}

function parseJson(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A backend app: its JSON errors, shortened to their message, and whatever it writes outside its logger on stderr. */
export function appLines(): LineFilter {
  return (line, stream) => {
    const entry = parseJson(line) as PinoLine | undefined;
    if (!entry) return stream === 'stderr' && line.trim() !== '' ? line : undefined;
    if (typeof entry.level !== 'number' || entry.level < PINO_ERROR) return undefined;
    const message = typeof entry.msg === 'string' ? entry.msg : 'error';
    const cause =
      typeof entry.err?.message === 'string' && entry.err.message !== message ? ` (${entry.err.message})` : '';
    return `${entry.level >= 60 ? 'fatal' : 'error'}: ${message}${cause}`;
  };
}

/** The relay simulator: one line per pulse or switch it made, its complaints; not its start line. */
export function relayBoardLines(): LineFilter {
  return (line, stream) => {
    const entry = parseJson(line);
    if (!entry) return line.trim() === '' ? undefined : line.replace(/^relay-simulator: /, '');
    if (entry.kind === 'relay' && typeof entry.relay === 'number' && typeof entry.pulseMs === 'number') {
      return `relay ${entry.relay} pulsed for ${formatSeconds(entry.pulseMs)}`;
    }
    if (entry.kind === 'io' && typeof entry.io === 'number')
      return `I/O ${entry.io} switched ${entry.on ? 'on' : 'off'}`;
    return stream === 'stderr' ? line : undefined;
  };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The demo panel: its console's answers and its link's news, without the timestamp (the log file keeps it). */
export function demoPanelLines(): LineFilter {
  return (line) => (line.trim() === '' ? undefined : line.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, ''));
}

/** A program whose normal output belongs in its log file only: its stderr still shows. */
export function quietLines(): LineFilter {
  return (line, stream) => (stream === 'stderr' && line.trim() !== '' ? line : undefined);
}

/** The report of a child that stopped on its own: why, and the last lines it wrote. */
export function deathReport(
  name: string,
  code: number | null,
  signal: string | null,
  lastLines: readonly string[],
  logFile: string,
): string[] {
  const reason = signal ? `was killed by ${signal}` : `exited with code ${String(code)}`;
  const lines = [`${name} stopped: it ${reason}.${lastLines.length > 0 ? ' Its last lines:' : ''}`];
  for (const line of lastLines) lines.push(`  | ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  lines.push(`  (all of it in ${logFile})`);
  return lines;
}
