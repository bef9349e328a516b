import type { Logger } from '@nestjs/common';
import type { GatewayMessage, HelloMessage, LinkState } from '@app/panel-protocol';
import type { LogFields } from '@app/platform';
import type { SessionContext } from './session-context.types';

/** What the parts of one panel connection (handshake, publishing, refusals, commands) see of it. */
export interface SessionLink {
  readonly context: SessionContext;
  readonly logger: Logger;
  /** What the connection's log lines name: the panel (once its hello came), where from, which connection. */
  readonly logFields: LogFields;
  readonly state: LinkState;
  /** The panel's hello; set once the hello arrived (every frame after it may rely on it). */
  readonly hello: HelloMessage | undefined;
  send(message: GatewayMessage): void;
  close(reason: string): void;
}
