import { Injectable } from '@nestjs/common';
import {
  isPanelCommandFailure,
  type PanelCommand,
  type PanelCommandFailure,
  type PanelCommandReply,
  type PanelCommandRequest,
} from '@app/contracts';
import { NatsService } from '@app/messaging';
import { currentCorrelationId, newCorrelationId, runInLogContext } from '@app/platform';

/** Refused before it was applied: by the gateway (invalid, unsupported, cloud control disabled) or the panel. */
export type PanelCommandRefusal = Exclude<PanelCommandFailure, 'not-connected' | 'timeout'>;

/** How a command to a panel ended, as far as the API is concerned. */
export type PanelCommandResult =
  | { outcome: 'ok'; keyMatches?: boolean }
  | { outcome: 'refused'; failure: PanelCommandRefusal; reason: string }
  | { outcome: 'not-connected' }
  | { outcome: 'timeout' };

/** Long enough for the gateway's own wait on the panel, which answers first with a reason. */
export const PANEL_COMMAND_TIMEOUT_MS = 15_000;

export interface PanelCommandSendOptions {
  /** The command's correlation id: the current request's unless given, a new one outside any. */
  correlationId?: string;
  timeoutMs?: number;
}

/**
 * Sends a command to a panel through the gateway holding it (core request/reply on
 * `panel.<hwaddr>.cmd`). A panel no gateway holds answers at once with "no responders". The
 * command's correlation id goes in the message's headers, and the gateway and the panel answer under
 * it; the reply's failure is typed (no reason text is read).
 */
@Injectable()
export class PanelCommandClient {
  constructor(private readonly nats: NatsService) {}

  /** The id a command sent now carries: the current request's, or a new one. */
  static correlationId(): string {
    return currentCorrelationId() ?? newCorrelationId();
  }

  async send(
    hwaddr: string,
    networkId: number,
    command: PanelCommand,
    options: PanelCommandSendOptions = {},
  ): Promise<PanelCommandResult> {
    const correlationId = options.correlationId ?? PanelCommandClient.correlationId();
    const request: PanelCommandRequest = { hwaddr, networkId, command };
    const ask = () =>
      this.nats.request<PanelCommandReply>(this.nats.names.subjects.panelCommand(hwaddr), request, {
        timeoutMs: options.timeoutMs ?? PANEL_COMMAND_TIMEOUT_MS,
      });
    // The message's header names the current scope's id: a command of its own gets a scope of its id.
    const result = await (correlationId === currentCorrelationId() ? ask() : runInLogContext({ correlationId }, ask));
    if (result.kind === 'no-responders') return { outcome: 'not-connected' };
    if (result.kind === 'timeout') return { outcome: 'timeout' };
    const reply = result.body;
    if (reply.ok) return { outcome: 'ok', keyMatches: reply.keyMatches };
    // A gateway that names no failure of this list is taken at its word that the panel refused.
    const failure = isPanelCommandFailure(reply.failure) ? reply.failure : 'refused';
    if (failure === 'not-connected' || failure === 'timeout') return { outcome: failure };
    return { outcome: 'refused', failure, reason: String(reply.reason) };
  }
}
