import type { CommandResultMessage, WireCommand } from '@app/panel-protocol';
import { PendingCommands, type CommandOutcome } from '../commands/pending-commands';
import type { SessionLink } from './session-link.types';

/** Commands the portal sends the panel through this connection, and the panel's results. */
export class SessionCommands {
  private readonly pending: PendingCommands;

  constructor(private readonly link: SessionLink) {
    this.pending = new PendingCommands(link.context.config.commandTimeoutMs);
  }

  /**
   * Sends a command under its correlation id (see PendingCommands.open) and resolves with the
   * panel's result, a timeout or 'not connected'.
   */
  send(networkId: number, command: WireCommand, correlationId?: string): Promise<CommandOutcome> {
    const { correlationId: wireId, outcome } = this.pending.open(correlationId);
    this.link.send({ type: 'command', correlationId: wireId, networkId, ...command });
    return outcome;
  }

  onResult(result: CommandResultMessage): void {
    if (!this.pending.resolve(result))
      this.link.logger.debug(
        { ...this.link.logFields, correlationId: result.correlationId },
        'command result came after its timeout',
      );
  }

  /** The connection ended: every command still waiting is answered 'not connected'. */
  closeAll(): void {
    this.pending.closeAll();
  }
}
