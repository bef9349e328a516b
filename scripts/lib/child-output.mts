// Where a child's output goes: every line to its log file under .data/logs, the lines its filter
// picks to the terminal (all of them with --verbose), and the last few kept for a death report.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LineFilter, OutputStream } from './console-lines.ts';
import type { Terminal } from './terminal.mts';

const KEPT_LINES = 12;

export interface OutputSettings {
  logDir: string;
  /** Every line in the terminal too (`npm start -- --verbose`, or LOG_LEVEL set). */
  verbose: boolean;
  terminal: Terminal;
}

export class ChildOutput {
  readonly file: string;
  private readonly stream: WriteStream;
  private readonly recent: string[] = [];
  private readonly listeners: Array<(line: string, stream: OutputStream) => void> = [];
  private readonly filter: LineFilter;
  private readonly settings: OutputSettings;

  constructor(name: string, filter: LineFilter, settings: OutputSettings) {
    this.filter = filter;
    this.settings = settings;
    mkdirSync(settings.logDir, { recursive: true });
    this.file = join(settings.logDir, `${name}.log`);
    // A fresh file each start: the previous run's is replaced, not grown for ever.
    this.stream = createWriteStream(this.file, { flags: 'w' });
  }

  attach(child: ChildProcess, tag: string): void {
    for (const [source, kind] of [
      [child.stdout, 'stdout'],
      [child.stderr, 'stderr'],
    ] as const) {
      if (source) createInterface({ input: source }).on('line', (line) => this.line(line, kind, tag));
    }
  }

  /** Called with every line the child writes (e.g. to learn a port it announces). */
  onLine(listener: (line: string, stream: OutputStream) => void): void {
    this.listeners.push(listener);
  }

  lastLines(): string[] {
    return [...this.recent];
  }

  close(): void {
    this.stream.end();
  }

  private line(line: string, kind: OutputStream, tag: string): void {
    this.stream.write(`${line}\n`);
    this.recent.push(line);
    if (this.recent.length > KEPT_LINES) this.recent.shift();
    for (const listener of this.listeners) listener(line, kind);
    const shown = this.settings.verbose ? line : this.filter(line, kind);
    if (shown !== undefined) this.settings.terminal.print(`${tag} ${shown}`);
  }
}
