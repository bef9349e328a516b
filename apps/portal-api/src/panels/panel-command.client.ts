import { Injectable } from '@nestjs/common';
import {
  PANEL_COMMAND_TIMEOUT,
  PANEL_NOT_CONNECTED,
  type PanelCommand,
  type PanelCommandReply,
  type PanelCommandRequest,
} from '@app/contracts';
import { NatsService } from '@app/messaging';
import { currentCorrelationId, newCorrelationId, runInLogContext } from '@app/platform';

/** How a command to a panel ended, as far as the API is concerned. */
export type PanelCommandResult =
  | { outcome: 'ok'; keyMatches?: boolean }
  | { outcome: 'refused'; reason: string }
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
 * command's correlation id goes with it (its `correlationId`, and the message's header), and the
 * gateway and the panel answer under it.
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
    const request: PanelCommandRequest = { correlationId, hwaddr, networkId, command };
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
    if (reply.reason === PANEL_NOT_CONNECTED) return { outcome: 'not-connected' };
    if (reply.reason === PANEL_COMMAND_TIMEOUT) return { outcome: 'timeout' };
    return { outcome: 'refused', reason: reply.reason };
  }
}
