import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsService } from '@app/platform';

/** The gateway's own Prometheus metrics (served on /metrics with the app's others). */
@Injectable()
export class GatewayMetrics {
  readonly connectedPanels: Gauge;
  readonly pausedPanels: Gauge;
  readonly framesIn: Counter<'type'>;
  readonly framesOut: Counter<'type'>;
  readonly eventsAcked: Counter;
  readonly commandRoundTrip: Histogram<'kind' | 'outcome'>;
  readonly protocolErrors: Counter<'reason'>;
  readonly disconnects: Counter<'reason'>;
  readonly publishRetries: Counter<'kind'>;
  readonly refusedMessages: Counter<'message' | 'field'>;
  readonly authRefusals: Counter<'reason'>;
  readonly tlsCertificateExpiry: Gauge;
  readonly tlsReloads: Counter<'outcome'>;
  readonly tlsAwaitingCertificate: Gauge;

  constructor(metrics: MetricsService) {
    this.tlsCertificateExpiry = metrics.gauge({
      name: 'panel_gateway_tls_certificate_expiry_timestamp_seconds',
      help: "When the panels' TLS certificate served now expires, seconds since the epoch (TLS listeners only)",
    });
    this.tlsAwaitingCertificate = metrics.gauge({
      name: 'panel_gateway_tls_awaiting_certificate',
      help: '1 while a TLS listener has no certificate to serve (its files missing or not a pair) and takes no panels',
    });
    this.tlsReloads = metrics.counter({
      name: 'panel_gateway_tls_reloads_total',
      help: "Changes of the panels' TLS certificate files: reloaded, or refused (not a certificate and its key)",
      labelNames: ['outcome'],
    });
    this.connectedPanels = metrics.gauge({
      name: 'panel_gateway_connected_panels',
      help: 'Panels connected and past the key proof',
    });
    this.pausedPanels = metrics.gauge({
      name: 'panel_gateway_paused_panels',
      help: 'Connections the gateway stopped reading from because NATS is behind (their panels keep their events unacked)',
    });
    this.framesIn = metrics.counter({
      name: 'panel_gateway_frames_in_total',
      help: 'Frames received from panels, by message type',
      labelNames: ['type'],
    });
    this.framesOut = metrics.counter({
      name: 'panel_gateway_frames_out_total',
      help: 'Frames sent to panels, by message type',
      labelNames: ['type'],
    });
    this.eventsAcked = metrics.counter({
      name: 'panel_gateway_events_acked_total',
      help: 'Panel events acked after JetStream stored them',
    });
    this.commandRoundTrip = metrics.histogram({
      name: 'panel_gateway_command_round_trip_seconds',
      help: 'Time from a command request to its answer, by command kind and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    });
    this.protocolErrors = metrics.counter({
      name: 'panel_gateway_protocol_errors_total',
      help: 'Connections closed for a protocol error, by reason',
      labelNames: ['reason'],
    });
    this.disconnects = metrics.counter({
      name: 'panel_gateway_disconnects_total',
      help: 'Panel connections ended, by reason',
      labelNames: ['reason'],
    });
    this.publishRetries = metrics.counter({
      name: 'panel_gateway_publish_retries_total',
      help: 'NATS publishes tried again after a failure or timeout',
      labelNames: ['kind'],
    });
    this.refusedMessages = metrics.counter({
      name: 'panel_gateway_refused_messages_total',
      help: 'Panel messages refused (never acked nor published) for content the portal cannot store, by message and field (list indexes as [])',
      labelNames: ['message', 'field'],
    });
    this.authRefusals = metrics.counter({
      name: 'panel_gateway_auth_refusals_total',
      help: 'Connections refused because the panel did not prove its device identity, by reason (unknown-panel, revoked, bad-signature, registry-unavailable)',
      labelNames: ['reason'],
    });
  }
}
