import { randomUUID } from 'node:crypto';
import { PANEL_COMMAND_TIMEOUT, PANEL_NOT_CONNECTED } from '@app/contracts';
import type { CommandResultMessage } from '@app/panel-protocol';
import { isWellFormedCorrelationId } from '@app/platform';

/** Why a command failed: the panel refused it (any reason of its own), or the gateway gave up on it. */
export type CommandFailure = 'refused' | 'timeout' | 'not-connected';

export type CommandOutcome = { ok: true; proof?: string } | { ok: false; reason: string; failure: CommandFailure };

/**
 * The commands one connection sent and awaits, by their wire correlation id: the command's own (the
 * one portal-api sent it under), so that the panel answers under the id its logs carry. Each
 * resolves with the panel's result, or with a timeout, or with 'not connected' when the connection ends.
 */
export class PendingCommands {
  private readonly pending = new Map<string, { resolve: (outcome: CommandOutcome) => void; timer: NodeJS.Timeout }>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * Registers a command under `correlationId`; returns its wire id and the promise of its outcome.
   * The wire id is that id, unless it is not one a panel takes (1 to 64 safe characters) or a command
   * of this connection still waits under it (a caller that gave two requests one id): then it is
   * that id with a suffix, or a new one.
   */
  open(correlationId?: string): { correlationId: string; outcome: Promise<CommandOutcome> } {
    const wireId = this.freeId(correlationId);
    const outcome = new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(
        () => this.settle(wireId, { ok: false, reason: PANEL_COMMAND_TIMEOUT, failure: 'timeout' }),
        this.timeoutMs,
      );
      timer.unref();
      this.pending.set(wireId, { resolve, timer });
    });
    return { correlationId: wireId, outcome };
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

  private freeId(wanted: string | undefined): string {
    if (!isWellFormedCorrelationId(wanted)) return randomUUID();
    if (!this.pending.has(wanted)) return wanted;
    for (let n = 2; ; n += 1) {
      const suffix = `.${n}`;
      const id = `${wanted.slice(0, 64 - suffix.length)}${suffix}`;
      if (!this.pending.has(id)) return id;
    }
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
