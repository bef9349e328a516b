import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { NATS_APP_ACCESS, type NatsApp } from '@app/contracts';
import type { KeyedSubjectKey, SubjectKey } from './message-handler.decorators';
import { MESSAGE_HANDLERS_OPTIONS, type MessageHandlersOptions } from './message-handlers.options';
import { MessageHandlers } from './message-handlers.service';

/**
 * Runs the app's declared message handlers (see message-handler.decorators.ts) for the consumers
 * and subjects it declares here. Needs NatsModule; the app's DeadLettersModule when it has consumers.
 */
@Global()
@Module({})
export class MessageHandlersModule {
  static forRoot(options: MessageHandlersOptions): DynamicModule {
    return {
      module: MessageHandlersModule,
      imports: [DiscoveryModule],
      providers: [{ provide: MESSAGE_HANDLERS_OPTIONS, useValue: options }, MessageHandlers],
      exports: [MessageHandlers],
    };
  }

  /**
   * The handlers of one app as its NATS access declares them (NATS_APP_ACCESS of @app/contracts):
   * its consumers, the subjects it hears and those it answers, no more and no less, so that what it
   * runs is what its NATS user is allowed.
   */
  static forApp(app: NatsApp): DynamicModule {
    const access = NATS_APP_ACCESS[app];
    const answers = access.answers as ReadonlyArray<SubjectKey | KeyedSubjectKey>;
    return MessageHandlersModule.forRoot({
      consumers: access.consumers,
      subjects: [...(access.hears as ReadonlyArray<SubjectKey>), ...answers],
      answers,
    });
  }
}
