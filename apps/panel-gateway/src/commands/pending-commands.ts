import { randomUUID } from 'node:crypto';
import { PANEL_COMMAND_TIMEOUT, PANEL_NOT_CONNECTED } from '@app/contracts';
import type { CommandResultMessage } from '@app/panel-protocol';

/** Why a command failed: the panel refused it (any reason of its own), or the gateway gave up on it. */
export type CommandFailure = 'refused' | 'timeout' | 'not-connected';

export type CommandOutcome = { ok: true; proof?: string } | { ok: false; reason: string; failure: CommandFailure };

/**
 * The commands one connection sent and awaits, by the wire correlation id the gateway chose. Each
 * resolves with the panel's result, or with a timeout, or with 'not connected' when the connection ends.
 */
export class PendingCommands {
  private readonly pending = new Map<string, { resolve: (outcome: CommandOutcome) => void; timer: NodeJS.Timeout }>();

  constructor(private readonly timeoutMs: number) {}

  /** Registers a command; returns its wire id and the promise of its outcome. */
  open(): { correlationId: string; outcome: Promise<CommandOutcome> } {
    const correlationId = randomUUID();
    const outcome = new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(
        () => this.settle(correlationId, { ok: false, reason: PANEL_COMMAND_TIMEOUT, failure: 'timeout' }),
        this.timeoutMs,
      );
      timer.unref();
      this.pending.set(correlationId, { resolve, timer });
    });
    return { correlationId, outcome };
  }

  /** The panel answered; false when nothing waits for that id (late or unknown). */
  resolve(result: CommandResultMessage): boolean {
    return this.settle(
      result.correlationId,
      result.ok ? { ok: true, proof: result.proof } : { ok: false, reason: result.reason, failure: 'refused' },
    );
  }

  closeAll(): void {
    for (const id of [...this.pending.keys()])
      this.settle(id, { ok: false, reason: PANEL_NOT_CONNECTED, failure: 'not-connected' });
  }

  private settle(correlationId: string, outcome: CommandOutcome): boolean {
    const entry = this.pending.get(correlationId);
    if (!entry) return false;
    clearTimeout(entry.timer);
    this.pending.delete(correlationId);
    entry.resolve(outcome);
    return true;
  }
}
