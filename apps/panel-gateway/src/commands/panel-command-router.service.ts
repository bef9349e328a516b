import { Injectable, Logger } from '@nestjs/common';
import {
  PANEL_CLOUD_CONTROL_DISABLED,
  PANEL_COMMAND_INVALID,
  PANEL_COMMAND_UNSUPPORTED,
  PANEL_NOT_CONNECTED,
  panelCommandDefinition,
  panelSupportsCommand,
  type PanelCommand,
  type PanelCommandFailure,
  type PanelCommandReply,
} from '@app/contracts';
import { decodeJson, MessageHandlers, RespondToEach } from '@app/messaging';
import { newNonce, ProtocolError, readNatsCommand, toWireCommand, verifyKeyProof } from '@app/panel-protocol';
import { assignLogFields, currentCorrelationId } from '@app/platform';
import { GatewayMetrics } from '../metrics/gateway-metrics.service';
import type { PanelSession } from '../sessions/panel-session';

/** The metric's outcome label: bounded, and naming who ended the command (the panel refusing is 'refused'). */
type CommandOutcomeLabel = 'ok' | PanelCommandFailure;

/**
 * Answers `panel.<hwaddr>.cmd` requests for the panels this copy holds: checks the request against
 * its command's definition (fields, the panel's protocol version, cloud control), forwards it, and
 * replies with the panel's result or a timeout. A panel held nowhere has no subscriber, so
 * NATS answers "no responders" at once. The command goes to the panel under the correlation id its
 * message's headers carry (the scope it is handled in), and one line per command names it with the
 * panel, network, kind and outcome.
 */
@Injectable()
export class PanelCommandRouter {
  private readonly logger = new Logger(PanelCommandRouter.name);

  constructor(
    private readonly handlers: MessageHandlers,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Subscribes for one held panel; returns the unsubscribe (a drain: a command in hand is still answered). */
  serve(session: PanelSession): () => void {
    const opened = this.handlers.open('panelCommand', session.hwaddr!, session);
    return () => void opened.close();
  }

  /** The payload as it came: a request that is not JSON is answered as invalid here, and counted. */
  @RespondToEach<Uint8Array, PanelCommandReply>('panelCommand', { decode: (data) => data })
  async answer(data: Uint8Array, session: PanelSession): Promise<PanelCommandReply> {
    const started = process.hrtime.bigint();
    assignLogFields({ hwaddr: session.hwaddr });
    const { reply, kind, outcome } = await this.handle(session, data);
    this.metrics.commandRoundTrip.observe({ kind, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    this.logger.log({ kind, outcome, ...(reply.ok ? {} : { reason: reply.reason }) }, 'panel command answered');
    return reply;
  }

  /** The reply, with the command kind and a bounded outcome label for the metric. */
  private async handle(
    session: PanelSession,
    data: Uint8Array,
  ): Promise<{ reply: PanelCommandReply; kind: string; outcome: CommandOutcomeLabel }> {
    let networkId: number;
    let command: PanelCommand;
    try {
      const request = decodeJson<Record<string, unknown>>(data);
      networkId = Number(request?.networkId);
      if (Number.isInteger(networkId)) assignLogFields({ networkId });
      command = readNatsCommand(request?.command);
      if (!session.hello?.networkIds.includes(networkId)) {
        throw new ProtocolError(
          'invalid-message',
          `network ${String(request?.networkId)} is not a network of this panel`,
        );
      }
    } catch (error) {
      const detail = error instanceof ProtocolError ? error.detail : 'the request is not JSON';
      return failed('invalid', `${PANEL_COMMAND_INVALID}: ${detail}`, 'invalid');
    }
    const { kind } = command;
    const definition = panelCommandDefinition(kind)!;
    if (!session.isReady) return failed('not-connected', PANEL_NOT_CONNECTED, kind);
    // portal-api refuses it first, from the connection record; this holds while a record is stale.
    if (!panelSupportsCommand(definition, session.protocolVersion)) {
      const reason = `${PANEL_COMMAND_UNSUPPORTED}: ${kind} needs protocol version ${definition.since}, the panel speaks ${session.protocolVersion}`;
      return failed('unsupported', reason, kind);
    }
    if (!session.acceptsControl && definition.needsCloudControl)
      return failed('cloud-control-disabled', PANEL_CLOUD_CONTROL_DISABLED, kind);
    let nonce = '';
    const outcome = await session.sendCommand(
      networkId,
      toWireCommand(command, () => (nonce = newNonce())),
      currentCorrelationId(),
    );
    if (!outcome.ok) return failed(outcome.failure, outcome.reason, kind);
    if (command.kind !== 'keyProof') return { reply: { ok: true }, kind, outcome: 'ok' };
    if (!outcome.proof) return failed('refused', 'the panel sent no key proof', kind);
    return { reply: { ok: true, keyMatches: verifyKeyProof(command.key, nonce, outcome.proof) }, kind, outcome: 'ok' };
  }
}

function failed(
  failure: PanelCommandFailure,
  reason: string,
  kind: string,
): { reply: PanelCommandReply; kind: string; outcome: CommandOutcomeLabel } {
  return { reply: { ok: false, failure, reason }, kind, outcome: failure };
}
