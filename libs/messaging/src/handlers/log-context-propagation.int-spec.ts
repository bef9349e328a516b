import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { NatsConfig, RuntimeConfig } from '@app/config';
import type { PanelEventMessage, RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import {
  assignLogFields,
  currentCorrelationId,
  currentLogFields,
  PlatformModule,
  runInLogContext,
  type LogFields,
} from '@app/platform';
import { waitUntil } from '@app/testing';
import type { NatsMessage } from '../nats/nats-request.types';
import { NatsModule } from '../nats/nats.module';
import { NatsService } from '../nats/nats.service';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { AlertConsumers, RespondTo, RespondToEach, Subscribe } from './message-handler.decorators';
import { MessageHandlersModule } from './message-handlers.module';
import { MessageHandlers } from './message-handlers.service';

jest.setTimeout(60_000);

/** The log fields each handler ran under, by what it received. */
const heard = new Map<string, LogFields>();

@Injectable()
class Handlers {
  @Subscribe('allCredentialsRevoked')
  onRevoked(message: NatsMessage): void {
    heard.set(`revoked ${message.json<{ userId: string }>().userId}`, currentLogFields());
  }

  @RespondTo<RelayVerifyRequest, RelayVerifyReply>('relayVerify')
  async verify(request: RelayVerifyRequest): Promise<RelayVerifyReply> {
    // A responder's scope is its own: what it names stays on its lines, and reaches its caller's no more.
    assignLogFields({ relayId: request.port });
    heard.set(`verify ${request.host}`, currentLogFields());
    return { ok: false, reason: 'no board' };
  }

  @RespondToEach<{ n: number }, { correlationId: string | undefined }>('panelCommand')
  async command(request: { n: number }, hwaddr: string): Promise<{ correlationId: string | undefined }> {
    heard.set(`command ${request.n} to ${hwaddr}`, currentLogFields());
    return { correlationId: currentCorrelationId() };
  }

  @AlertConsumers('relayWorker', { health: 'alerts', deliverFrom: 'new' })
  async alarm(event: PanelEventMessage): Promise<void> {
    heard.set(`alarm ${event.hwaddr}-${event.seq}`, currentLogFields());
  }
}

describe('the log context across NATS (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('logctx');
  let context: INestApplicationContext;
  let nats: NatsService;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot(new RuntimeConfig('logctx-spec', 'test', 'silent', 0)),
        NatsModule.forRoot(new NatsConfig([TEST_NATS_URL], prefix)),
        MessageHandlersModule.forRoot({
          consumers: ['relayWorker'],
          subjects: ['allCredentialsRevoked', 'relayVerify', 'panelCommand'],
        }),
      ],
      providers: [Handlers],
    }).compile();
    context = moduleRef.createNestApplication({ logger: false });
    await context.init();
    nats = context.get(NatsService);
  });

  afterAll(async () => {
    await context?.close();
    await removeNatsPrefix(prefix);
  });

  const sender = { correlationId: 'req-5b1e', userId: '7d0c8a52-3f1b-4b6e-9a57-2c41d2c0a9e1' };

  it("hands a published message's handler the sender's correlation id and user, and nothing without them", async () => {
    runInLogContext(sender, () => nats.publish(nats.names.subjects.credentialsRevoked('a'), { userId: 'a' }));
    nats.publish(nats.names.subjects.credentialsRevoked('b'), { userId: 'b' });
    await waitUntil(() => heard.has('revoked a') && heard.has('revoked b'), 'both messages heard');
    expect(heard.get('revoked a')).toEqual(sender);
    expect(heard.get('revoked b')).toEqual({});
  });

  it("answers a request in a scope of the requester's correlation id and user, and of its own without them", async () => {
    const ask = (host: string) =>
      nats.request(nats.names.subjects.relayVerify, { host, port: 7, password: 'p' }, { timeoutMs: 10_000 });
    await runInLogContext(sender, () => ask('scoped'));
    await ask('bare');
    expect(heard.get('verify scoped')).toEqual({ ...sender, relayId: 7 });
    expect(heard.get('verify bare')).toEqual({ relayId: 7 });
  });

  it("hands a keyed responder (a panel's commands) the requester's correlation id", async () => {
    const opened = context.get(MessageHandlers).open('panelCommand', '0011aabbccdd', '0011aabbccdd');
    const reply = await runInLogContext(sender, () =>
      nats.request(nats.names.subjects.panelCommand('0011aabbccdd'), { n: 1 }, { timeoutMs: 10_000 }),
    );
    await opened.close();
    expect(reply).toEqual({ kind: 'ok', body: { correlationId: 'req-5b1e' } });
    expect(heard.get('command 1 to 0011aabbccdd')).toEqual(sender);
  });

  it("handles an alarm under the event's correlation id, panel, network and sequence", async () => {
    await waitUntil(async () => {
      const info = await nats.manager.consumers
        .info(nats.names.streams.panelEvents, nats.names.consumers.relayWorker('fire'))
        .catch(() => null);
      return info !== null;
    }, 'the alert consumers');
    const event: PanelEventMessage = {
      hwaddr: '0011aabbccdd',
      seq: 41,
      networkId: 2,
      category: 'fire',
      title: 'Fire',
      location: '',
      panelDate: new Date().toISOString(),
      receivedAt: new Date().toISOString(),
    };
    await nats.jetstream.publish(nats.names.subjects.panelEvent(event.hwaddr, 'fire'), JSON.stringify(event));
    await waitUntil(() => heard.get('alarm 0011aabbccdd-41'), 'the alarm handled');
    expect(heard.get('alarm 0011aabbccdd-41')).toEqual({
      correlationId: 'evt-0011aabbccdd-41',
      hwaddr: '0011aabbccdd',
      networkId: 2,
      seq: 41,
    });
  });
});
