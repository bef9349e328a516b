import { DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { ConsumerConfig } from '@app/config';
import { DeadLetterStore } from './dead-letter-store';
import { DeadLetters } from './dead-letters.service';

/**
 * The consumer settings of an app and its dead letters, for its durable consumers. `store` is the
 * class that writes them (the database's `DeadLettersRepository`).
 */
@Global()
@Module({})
export class DeadLettersModule {
  static forRoot(config: ConsumerConfig, store: Type<DeadLetterStore>): DynamicModule {
    return {
      module: DeadLettersModule,
      providers: [
        { provide: ConsumerConfig, useValue: config },
        { provide: DeadLetterStore, useClass: store },
        DeadLetters,
      ],
      exports: [ConsumerConfig, DeadLetters],
    };
  }
}
