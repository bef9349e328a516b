import type { CommandResultMessage, WireCommand } from '@app/panel-protocol';
import { PendingCommands, type CommandOutcome } from '../commands/pending-commands';
import type { SessionLink } from './session-link.types';

/** Commands the portal sends the panel through this connection, and the panel's results. */
export class SessionCommands {
  private readonly pending: PendingCommands;

  constructor(private readonly link: SessionLink) {
    this.pending = new PendingCommands(link.context.config.commandTimeoutMs);
  }

  /** Sends a command and resolves with the panel's result, a timeout or 'not connected'. */
  send(networkId: number, command: WireCommand): Promise<CommandOutcome> {
    const { correlationId, outcome } = this.pending.open();
    this.link.send({ type: 'command', correlationId, networkId, ...command });
    return outcome;
  }

  onResult(result: CommandResultMessage): void {
    if (!this.pending.resolve(result))
      this.link.logger.debug(`${this.link.label}: result for ${result.correlationId} came after its timeout`);
  }

  /** The connection ended: every command still waiting is answered 'not connected'. */
  closeAll(): void {
    this.pending.closeAll();
  }
}
