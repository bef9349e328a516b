import { spawn, type ChildProcess } from 'node:child_process';

/** What every sink's process answers once it listens. */
export interface SinkListening {
  kind: 'listening';
  port: number;
}

/**
 * A sink of the bench (a receiver of what the apps send out: webhooks, pushes) in a process of its
 * own, as such a receiver is another system: its TLS and checks in the bench's event loop (which also
 * runs the background panels, the relay board and the SMTP sink) would delay when the bench notes the
 * relay pulses and mails of the same fires. The bench and the process talk over IPC.
 */
export class SinkProcess<Request, Answer extends { kind: string }> {
  private child: ChildProcess | undefined;

  /** `processArgs`: Node's arguments that start the sink's process (this program, named for the sink). */
  constructor(
    private readonly name: string,
    private readonly processArgs: readonly string[],
  ) {}

  /** The sink's process: its CPU is the bench's, and is reported as such. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process, hands it `start`, and resolves with the port it listens on; every answer goes to `onAnswer`. */
  start(start: Request, onAnswer: (answer: Answer) => void): Promise<number> {
    const child = spawn(process.execPath, [...this.processArgs], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    child.on('message', onAnswer);
    return new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the ${this.name}'s process exited (${code})`)));
      child.on('message', (answer: Answer | SinkListening) => {
        if (answer.kind === 'listening') resolve((answer as SinkListening).port);
      });
      child.send(start as object);
    });
  }

  send(request: Request): void {
    this.child?.send(request as object);
  }

  /** Resolves with the first answer that `matches`. */
  answer(matches: (answer: Answer) => boolean): Promise<Answer> {
    return new Promise((resolve) => {
      const listener = (answer: Answer) => {
        if (!matches(answer)) return;
        this.child?.off('message', listener);
        resolve(answer);
      };
      this.child?.on('message', listener);
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * In a sink's process: each request from the bench goes to `handle` with a way to answer; the process
 * ends with its IPC channel (the bench stopped or died) or SIGTERM, once `stop` has stopped the sink.
 */
export function runSinkProcess<Request, Answer>(
  handle: (request: Request, answer: (message: Answer) => void) => void,
  stop: () => Promise<void> | undefined,
): void {
  process.on('message', (request: Request) => handle(request, (message) => process.send?.(message)));
  const end = () => void (stop() ?? Promise.resolve()).finally(() => process.exit(0));
  process.once('disconnect', end);
  process.once('SIGTERM', end);
}
