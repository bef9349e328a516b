import type { NatsConnection } from '@nats-io/transport-node';
import { PANEL_COMMAND_TIMEOUT, PANEL_NOT_CONNECTED, type NatsNames, type PanelCommandReply, type PanelCommandRequest } from '@app/contracts';

/** Leaves the gateway its own command timeout (default 5 s) before the requester gives up. */
const REQUEST_MARGIN_MS = 1000;

/**
 * Sends a command to whichever gateway holds the panel and returns the panel's reply. A panel no
 * gateway holds answers at once with PANEL_NOT_CONNECTED (NATS "no responders"), never a hang.
 */
export async function requestPanelCommand(
  connection: NatsConnection,
  names: NatsNames,
  request: PanelCommandRequest,
  gatewayCommandTimeoutMs = 5000,
): Promise<PanelCommandReply> {
  try {
    const reply = await connection.request(names.subjects.panelCommand(request.hwaddr), JSON.stringify(request), {
      timeout: gatewayCommandTimeoutMs + REQUEST_MARGIN_MS,
    });
    return reply.json<PanelCommandReply>();
  } catch (error) {
    const noResponders = typeof (error as { isNoResponders?: () => boolean }).isNoResponders === 'function' && (error as { isNoResponders: () => boolean }).isNoResponders();
    return { correlationId: request.correlationId, ok: false, reason: noResponders ? PANEL_NOT_CONNECTED : PANEL_COMMAND_TIMEOUT };
  }
}
