import { type OnGatewayConnection, type OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { LIVEFEED_PATH } from '@app/contracts';
import { LIVEFEED_MAX_CLIENT_FRAME_BYTES } from '../livefeed.constants';
import { LivefeedSessions } from './livefeed-sessions.service';

/** The live feed websocket on the HTTP port (raw `ws` through WsAdapter; frames are `{ type, data }`). */
// No compression: the outbox writes frames framed once for every socket (livefeed-outbox.ts).
@WebSocketGateway({ path: LIVEFEED_PATH, maxPayload: LIVEFEED_MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false })
export class LivefeedGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  constructor(private readonly sessions: LivefeedSessions) {}

  handleConnection(socket: WebSocket): void {
    this.sessions.opened(socket);
  }

  handleDisconnect(socket: WebSocket): void {
    this.sessions.closed(socket);
  }
}
