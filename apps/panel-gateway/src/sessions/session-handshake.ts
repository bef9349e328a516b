import {
  newNonce,
  PANEL_PROTOCOL_MIN_VERSION,
  PANEL_PROTOCOL_VERSION,
  ProtocolError,
  type HelloMessage,
  type KeyProofMessage,
} from '@app/panel-protocol';
import type { DeviceAuthOutcome } from '../identity/panel-identity.registry';
import type { SessionLink } from './session-link.types';

const SPOKEN_VERSIONS =
  PANEL_PROTOCOL_MIN_VERSION === PANEL_PROTOCOL_VERSION
    ? `${PANEL_PROTOCOL_VERSION}`
    : `${PANEL_PROTOCOL_MIN_VERSION} to ${PANEL_PROTOCOL_VERSION}`;

/** One reason for every failed device proof: the panel (or an impostor) learns nothing of why; the log says. */
export const DEVICE_AUTH_REFUSED = 'unauthenticated: device identity not proven';

/**
 * Hello, challenge and key proof: who the panel is. The device signature is checked before the
 * connection may do anything (evict another one, serve commands, publish its connection and key
 * proof); until then the link is 'verifying', where any frame from the panel closes it. The whole
 * handshake must end within the handshake timeout.
 */
export class SessionHandshake {
  private helloMessage: HelloMessage | undefined;
  private nonce = '';
  private proof = '';
  /** Dropped once the handshake is over, so that a held connection keeps no timer for it. */
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly link: SessionLink,
    /** The device identity is proven: the connection is ready. */
    private readonly onProven: () => void,
  ) {
    this.timer = setTimeout(() => link.close('handshake timeout'), link.context.config.handshakeTimeoutMs);
    this.timer.unref();
  }

  get hello(): HelloMessage | undefined {
    return this.helloMessage;
  }

  /** The challenge and the panel's admin key proof, for portal-api to check against a claimed key. */
  get keyProof(): { nonce: string; proof: string } {
    return { nonce: this.nonce, proof: this.proof };
  }

  /** The handshake is over (ready or closed). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Any version from the oldest the gateway speaks to the newest is accepted, and spoken on this
   * connection: the challenge names it, and a command the version lacks is never sent.
   */
  onHello(hello: HelloMessage): void {
    if (hello.version < PANEL_PROTOCOL_MIN_VERSION || hello.version > PANEL_PROTOCOL_VERSION) {
      throw new ProtocolError(
        'unsupported-version',
        `version ${hello.version}; this gateway speaks ${SPOKEN_VERSIONS}`,
      );
    }
    this.helloMessage = hello;
    this.nonce = newNonce();
    this.link.send({ type: 'challenge', version: hello.version, nonce: this.nonce });
  }

  onKeyProof(message: KeyProofMessage): void {
    this.proof = message.proof;
    this.link.context.identities.authenticate(this.helloMessage!.hwaddr, this.nonce, message.signature).then(
      (outcome) => this.onDeviceAuthenticated(outcome),
      (error: unknown) => {
        this.link.logger.error({ ...this.link.logFields, err: error }, 'device identity check failed');
        this.onDeviceAuthenticated({ ok: false, reason: 'registry-unavailable' });
      },
    );
  }

  private onDeviceAuthenticated(outcome: DeviceAuthOutcome): void {
    // Closed meanwhile (handshake timeout, the panel left or sent a frame too early): nothing to do.
    if (this.link.state !== 'verifying') return;
    if (!outcome.ok) {
      this.link.context.metrics.authRefusals.inc({ reason: outcome.reason });
      this.link.logger.warn({ ...this.link.logFields, reason: outcome.reason }, 'refused: device identity not proven');
      this.link.close(DEVICE_AUTH_REFUSED);
      return;
    }
    this.stop();
    this.onProven();
  }
}
