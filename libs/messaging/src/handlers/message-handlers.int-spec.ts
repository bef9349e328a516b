import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { NatsConfig, RuntimeConfig } from '@app/config';
import type { PanelConfigMessage, RelayVerifyReply, RelayVerifyRequest } from '@app/contracts';
import { HealthRegistry, PlatformModule } from '@app/platform';
import { waitUntil } from '@app/testing';
import type { NatsMessage } from '../nats/nats-request.types';
import { NatsModule } from '../nats/nats.module';
import { NatsService } from '../nats/nats.service';
import { removeNatsPrefix, requestRawForTest, TEST_NATS_URL, uniqueTestName } from '../testing';
import { RespondTo, RespondToEach, StreamConsumer, Subscribe } from './message-handler.decorators';
import type { MessageHandlersOptions } from './message-handlers.options';
import { MessageHandlersModule } from './message-handlers.module';
import { MessageHandlers } from './message-handlers.service';

jest.setTimeout(60_000);

/** Far longer than any wait below: a message that reaches the next copy was handed back, not timed out. */
const ACK_WAIT_MS = 300_000;

const heard: string[] = [];

@Injectable()
class RevocationListener {
  @Subscribe('allCredentialsRevoked')
  onRevoked(message: NatsMessage): void {
    heard.push(message.string());
  }
}

/** Answers after `release` when asked for host 'slow', so that a stop can be caught with a request in hand. */
@Injectable()
class VerifyResponder {
  release: () => void = () => undefined;
  entered = false;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));

  @RespondTo<RelayVerifyRequest, RelayVerifyReply>('relayVerify', {
    queue: 'relay-worker',
    unreadable: { ok: false, reason: 'unreadable' },
  })
  async answer(request: RelayVerifyRequest): Promise<RelayVerifyReply> {
    if (request.host === 'slow') {
      this.entered = true;
      await this.held;
    }
    return { ok: false, reason: `no board at ${request.host}` };
  }
}

@Injectable()
class SecondVerifyResponder {
  @RespondTo('relayVerify')
  async answer(): Promise<RelayVerifyReply> {
    return { ok: false, reason: 'second' };
  }
}

@Injectable()
class CommandResponder {
  @RespondToEach<{ n: number }, { n: number; panel: string }>('panelCommand')
  async answer(request: { n: number }, panel: string): Promise<{ n: number; panel: string }> {
    return { n: request.n, panel };
  }
}

/** Holds configuration 1 until the app is stopping; notes each configuration it finished. */
@Injectable()
class ConfigStore {
  entered = false;
  readonly seen: number[] = [];

  constructor(private readonly handlers: MessageHandlers) {}

  @StreamConsumer<ConfigStore, PanelConfigMessage>('portalApiConfig', {
    stream: 'panelConfig',
    health: 'configConsumer',
    ackWaitMs: ACK_WAIT_MS,
  })
  async store(message: PanelConfigMessage): Promise<void> {
    if (message.networkId === 1) {
      this.entered = true;
      await waitUntil(() => this.handlers.isStopping, 'the app stopping');
    }
    this.seen.push(message.networkId);
  }
}

describe('MessageHandlers: declared handlers started, checked and stopped (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('handlers');
  const contexts: INestApplicationContext[] = [];

  async function start(
    declared: MessageHandlersOptions,
    providers: Array<new (...args: never[]) => unknown>,
  ): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot(new RuntimeConfig('handlers-spec', 'test', 'silent', 0)),
        NatsModule.forRoot(new NatsConfig([TEST_NATS_URL], prefix)),
        MessageHandlersModule.forRoot(declared),
      ],
      providers,
    }).compile();
    const context = moduleRef.createNestApplication({ logger: false });
    contexts.push(context);
    await context.init();
    return context;
  }

  /** Closed in the test itself: not closed again after it. */
  async function close(context: INestApplicationContext): Promise<void> {
    contexts.splice(contexts.indexOf(context), 1);
    await context.close();
  }

  // Each test's apps end with it: a responder left running would share the next test's queue group.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await removeNatsPrefix(prefix);
  });

  it('refuses to start when a declared subject has no handler, naming it', async () => {
    await expect(start({ subjects: ['relayVerify', 'allCredentialsRevoked'] }, [RevocationListener])).rejects.toThrow(
      "Message handlers are not complete: subject 'relayVerify' has no handler",
    );
  });

  it('refuses to start when a declared consumer has no handler', async () => {
    await expect(start({ consumers: ['portalApi'] }, [])).rejects.toThrow("consumer 'portalApi' has no handler");
  });

  it('refuses to start when a subject has two handlers, naming both', async () => {
    await expect(start({ subjects: ['relayVerify'] }, [VerifyResponder, SecondVerifyResponder])).rejects.toThrow(
      "subject 'relayVerify' has two handlers (VerifyResponder.answer and SecondVerifyResponder.answer)",
    );
  });

  it('refuses to start when a handler names a subject the app does not declare', async () => {
    await expect(start({ subjects: [] }, [RevocationListener])).rejects.toThrow(
      "RevocationListener.onRevoked handles subject 'allCredentialsRevoked', which this app does not declare",
    );
  });

  it('delivers a core subscription and answers requests, with their health registered', async () => {
    const context = await start({ subjects: ['allCredentialsRevoked', 'relayVerify'] }, [
      RevocationListener,
      VerifyResponder,
    ]);
    const nats = context.get(NatsService);
    expect(await context.get(HealthRegistry).report('handlers-spec')).toMatchObject({
      status: 'ok',
      checks: { natsSubscriptions: { status: 'up' } },
    });

    nats.publish(nats.names.subjects.credentialsRevoked('u1'), { userId: 'u1' });
    await waitUntil(() => heard.includes('{"userId":"u1"}'), 'the revocation heard');

    await expect(
      nats.request(nats.names.subjects.relayVerify, { host: 'h', port: 1, password: 'p' }, { timeoutMs: 10_000 }),
    ).resolves.toEqual({ kind: 'ok', body: { ok: false, reason: 'no board at h' } });
    await expect(requestRawForTest(nats, nats.names.subjects.relayVerify, 'not json', 10_000)).resolves.toBe(
      '{"ok":false,"reason":"unreadable"}',
    );
  });

  it('opens and closes a keyed subject at run time', async () => {
    const context = await start({ subjects: ['panelCommand'] }, [CommandResponder]);
    const nats = context.get(NatsService);
    const subject = nats.names.subjects.panelCommand('0011aabbccdd');
    const opened = context.get(MessageHandlers).open('panelCommand', '0011aabbccdd', 'panel A');
    await expect(nats.request(subject, { n: 7 }, { timeoutMs: 10_000 })).resolves.toEqual({
      kind: 'ok',
      body: { n: 7, panel: 'panel A' },
    });
    await opened.close();
    await expect(nats.request(subject, { n: 8 }, { timeoutMs: 10_000 })).resolves.toEqual({ kind: 'no-responders' });
  });

  it('on shutdown finishes the request in hand before the connection drains', async () => {
    const context = await start({ subjects: ['relayVerify'] }, [VerifyResponder]);
    const nats = context.get(NatsService);
    const responder = context.get(VerifyResponder);
    const asking = await start({ subjects: [] }, []);
    const reply = asking
      .get(NatsService)
      .request(nats.names.subjects.relayVerify, { host: 'slow', port: 1, password: 'p' }, { timeoutMs: 30_000 });
    await waitUntil(() => responder.entered, 'the request in hand');
    const closing = close(context);
    responder.release();
    await closing;
    await expect(reply).resolves.toEqual({ kind: 'ok', body: { ok: false, reason: 'no board at slow' } });
  });

  it('starts a declared durable consumer, and on shutdown finishes the message in hand and hands back the rest', async () => {
    const context = await start({ consumers: ['portalApiConfig'] }, [ConfigStore]);
    const nats = context.get(NatsService);
    const store = context.get(ConfigStore);
    await waitUntil(
      async () => (await context.get(HealthRegistry).report('handlers-spec')).checks.configConsumer?.status === 'up',
      'the consumer healthy',
    );
    const publish = async (networkId: number) =>
      void (await nats.jetstream.publish(
        nats.names.subjects.panelConfig('0011aabbccee'),
        JSON.stringify({ hwaddr: '0011aabbccee', networkId }),
      ));
    const unacked = async () =>
      (await nats.manager.consumers.info(nats.names.streams.panelConfig, nats.names.consumers.portalApiConfig))
        .num_ack_pending;
    await publish(1);
    await waitUntil(() => store.entered, 'configuration 1 in hand');
    for (const n of [2, 3, 4]) await publish(n);
    await waitUntil(async () => (await unacked()) === 4, 'configurations 2 to 4 pulled while 1 is in hand');

    await close(context);
    expect(store.seen).toEqual([1]);

    const next = await start({ consumers: ['portalApiConfig'] }, [ConfigStore]);
    const nextStore = next.get(ConfigStore);
    // Handed back, none lost. Delivery is at least once: on a busy machine a message the next copy
    // is slow to ack can come again (its ack wait passed), and the redeliveries' order is NATS's.
    await waitUntil(
      () => [2, 3, 4].every((n) => nextStore.seen.includes(n)),
      'configurations 2 to 4 taken by the next copy',
      30_000,
    );
    expect([...new Set(nextStore.seen)].sort()).toEqual([2, 3, 4]);
  });
});
