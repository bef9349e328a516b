import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  PANEL_COMMAND_TIMEOUT,
  PANEL_NOT_CONNECTED,
  type PanelCommand,
  type PanelCommandReply,
  type PanelCommandRequest,
} from '@app/contracts';
import { NatsService } from '@app/messaging';

/** How a command to a panel ended, as far as the API is concerned. */
export type PanelCommandResult =
  | { outcome: 'ok'; keyMatches?: boolean }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'not-connected' }
  | { outcome: 'timeout' };

/** Long enough for the gateway's own wait on the panel, which answers first with a reason. */
export const PANEL_COMMAND_TIMEOUT_MS = 15_000;

/**
 * Sends a command to a panel through the gateway holding it (core request/reply on
 * `panel.<hwaddr>.cmd`). A panel no gateway holds answers at once with "no responders".
 */
@Injectable()
export class PanelCommandClient {
  constructor(private readonly nats: NatsService) {}

  async send(
    hwaddr: string,
    networkId: number,
    command: PanelCommand,
    timeoutMs = PANEL_COMMAND_TIMEOUT_MS,
  ): Promise<PanelCommandResult> {
    const request: PanelCommandRequest = { correlationId: randomUUID(), hwaddr, networkId, command };
    const result = await this.nats.request<PanelCommandReply>(this.nats.names.subjects.panelCommand(hwaddr), request, {
      timeoutMs,
    });
    if (result.kind === 'no-responders') return { outcome: 'not-connected' };
    if (result.kind === 'timeout') return { outcome: 'timeout' };
    const reply = result.body;
    if (reply.ok) return { outcome: 'ok', keyMatches: reply.keyMatches };
    if (reply.reason === PANEL_NOT_CONNECTED) return { outcome: 'not-connected' };
    if (reply.reason === PANEL_COMMAND_TIMEOUT) return { outcome: 'timeout' };
    return { outcome: 'refused', reason: reply.reason };
  }
}
