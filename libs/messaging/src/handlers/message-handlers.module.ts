import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
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
}
