import type { Logger } from '@nestjs/common';
import type { GatewayMessage, HelloMessage, LinkState } from '@app/panel-protocol';
import type { SessionContext } from './session-context.types';

/** What the parts of one panel connection (handshake, publishing, refusals, commands) see of it. */
export interface SessionLink {
  readonly context: SessionContext;
  readonly logger: Logger;
  /** `panel <hwaddr> from <address>:<port>`, for log lines. */
  readonly label: string;
  readonly state: LinkState;
  /** The panel's hello; set once the hello arrived (every frame after it may rely on it). */
  readonly hello: HelloMessage | undefined;
  send(message: GatewayMessage): void;
  close(reason: string): void;
}
