import type { X509Certificate } from 'node:crypto';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { HealthRegistry } from '@app/platform';
import { PanelCommandRouter } from '../commands/panel-command-router.service';
import { PanelIdentityRegistry } from '../identity/panel-identity.registry';
import { GatewayMetrics } from '../metrics/gateway-metrics.service';
import { PANEL_ACCEPT_BACKLOG, PANEL_LISTENER_CONFIG } from '../panel-gateway.constants';
import type { PanelListenerConfig } from '../panel-gateway.config';
import { PanelPublisher } from '../publishing/panel-publisher.service';
import { PanelSession } from '../sessions/panel-session';
import { TlsCertificateReloader, type TlsReload } from './tls-certificate.reloader';
import type { SessionContext } from '../sessions/session-context.types';
import { ReadingPauses } from '../sessions/reading-pauses.service';
import { SessionRegistry } from '../sessions/session-registry.service';

/** How long shutdown waits for the disconnect messages of the panels it lets go. */
const SHUTDOWN_PUBLISH_WAIT_MS = 5000;

/** The TCP (or TLS) listener panels connect to; each accepted socket becomes a PanelSession. */
@Injectable()
export class PanelListener implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PanelListener.name);
  private readonly server: Server;
  private readonly sessions = new Set<PanelSession>();
  private readonly background = new Set<Promise<unknown>>();
  private stopping = false;
  /** Follows the certificate's files (TLS only). */
  private readonly tlsReloader: TlsCertificateReloader | null = null;
  /** The certificate served (TLS only); null until its files make a pair. */
  private served: X509Certificate | null = null;
  private bootstrapped = false;
  private readonly context: SessionContext;

  constructor(
    @Inject(PANEL_LISTENER_CONFIG) private readonly config: PanelListenerConfig,
    publisher: PanelPublisher,
    private readonly metrics: GatewayMetrics,
    registry: SessionRegistry,
    commandRouter: PanelCommandRouter,
    private readonly health: HealthRegistry,
    identities: PanelIdentityRegistry,
    readingPauses: ReadingPauses,
  ) {
    this.context = {
      config,
      publisher,
      metrics,
      readingPauses,
      identities,
      registry,
      commandRouter,
      track: (work) => {
        this.background.add(work);
        void work.finally(() => this.background.delete(work));
      },
      isStopping: () => this.stopping,
    };
    const onSocket = (socket: Socket) => this.accept(socket);
    if (config.tls) {
      const server = createTlsServer({ handshakeTimeout: config.handshakeTimeoutMs }, onSocket);
      this.tlsReloader = new TlsCertificateReloader(server, config.tls, (outcome) => this.certificateReloaded(outcome));
      this.server = server;
      this.tlsReloader.reload();
    } else {
      this.server = createTcpServer(onSocket);
    }
    this.server.on('error', (error) => this.logger.error({ err: error }, 'panel listener failed'));
  }

  onModuleInit(): void {
    this.health.register({
      name: 'panelListener',
      check: async () => {
        // A TLS listener waiting for its certificate is reported by its metric and alert, not as down:
        // a pod's other listener (plain TCP) must keep taking panels meanwhile.
        if (!this.server.listening && !this.awaitingCertificate()) throw new Error('not listening for panels');
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.bootstrapped = true;
    this.tlsReloader?.start();
    if (this.awaitingCertificate()) {
      this.logger.error(
        { certFile: this.config.tls?.certFile, keyFile: this.config.tls?.keyFile },
        "no panels' TLS certificate to serve (files missing or not a pair): listening for TLS panels once they are there",
      );
      return;
    }
    await this.listen();
  }

  private awaitingCertificate(): boolean {
    return this.config.tls !== null && this.served === null;
  }

  private async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      // A deep accept queue (the kernel caps it at net.core.somaxconn): after a restart every panel
      // of this copy knocks at once, and a connection the queue drops waits for TCP's own retry.
      this.server.listen({ port: this.config.port, host: this.config.host, backlog: PANEL_ACCEPT_BACKLOG }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.logger.log(
      { host: this.config.host, port: this.port(), tls: Boolean(this.config.tls) },
      'listening for panels',
    );
  }

  /** The first read at start, and every change of the files after it. */
  private certificateReloaded(outcome: TlsReload): void {
    const first = this.served === null;
    if (this.bootstrapped) this.metrics.tlsReloads.inc({ outcome: 'refused' in outcome ? 'refused' : 'reloaded' });
    if ('refused' in outcome) {
      this.metrics.tlsAwaitingCertificate.set(first ? 1 : 0);
      // At start, onApplicationBootstrap says it once.
      if (!this.bootstrapped) return;
      this.logger.error(
        { err: outcome.refused, certFile: this.config.tls?.certFile },
        first
          ? "panels' TLS certificate files changed but are still missing or not a pair: still not listening for TLS panels"
          : "panels' TLS certificate files changed but do not make a pair: the certificate served stays",
      );
      return;
    }
    this.served = outcome.served;
    this.metrics.tlsAwaitingCertificate.set(0);
    this.metrics.tlsCertificateExpiry.set(Date.parse(outcome.served.validTo) / 1000);
    if (!this.bootstrapped) return;
    const fields = {
      subject: outcome.served.subject,
      validTo: outcome.served.validTo,
      fingerprint: outcome.served.fingerprint256,
    };
    if (!first) {
      this.logger.log(fields, "panels' TLS certificate reloaded: new connections get it, connected panels keep theirs");
      return;
    }
    this.logger.log(fields, "panels' TLS certificate found: listening for TLS panels");
    if (!this.stopping)
      this.listen().catch((error: unknown) => this.logger.error({ err: error }, 'panel listener failed'));
  }

  /** The port panels connect to (the one picked when configured as 0). */
  port(): number {
    // Not listening yet (a TLS listener awaiting its certificate): the port it will take.
    return (this.server.address() as AddressInfo | null)?.port ?? this.config.port;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.tlsReloader?.stop();
    this.server.close();
    for (const session of [...this.sessions]) session.close('gateway shutting down');
    const pending = Promise.allSettled([...this.background]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_PUBLISH_WAIT_MS)))]);
    clearTimeout(timer);
    this.stopping = true;
  }

  private accept(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    const session = new PanelSession(socket, this.context);
    this.sessions.add(session);
    socket.once('close', () => this.sessions.delete(session));
  }
}
