import { DynamicModule, Module } from '@nestjs/common';
import { RelayPasswordCipher, RelayTargetPolicy } from '@app/relay-protocol';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { RelayActionAuditRepository } from './relay-action-audit.repository';
import { RelayActionTestService } from './relay-action-test.service';
import { RelayVerifyService } from './relay-verify.service';
import { RelaysApiConfig } from './relays.config';
import { RelaysController } from './relays.controller';
import { RelaysRepository } from './relays.repository';
import { RelaysService } from './relays.service';

/** The user's IP relays and their actions; verification goes through a relay-worker. */
@Module({})
export class RelaysModule {
  static forRoot(config: RelaysApiConfig): DynamicModule {
    return {
      module: RelaysModule,
      imports: [PanelAccessModule],
      controllers: [RelaysController],
      providers: [
        { provide: RelaysApiConfig, useValue: config },
        { provide: RelayPasswordCipher, useValue: new RelayPasswordCipher(config.security.secretKey) },
        { provide: RelayTargetPolicy, useValue: new RelayTargetPolicy(config.security.allowedTargets) },
        RelaysRepository,
        RelayVerifyService,
        RelaysService,
        RelayActionAuditRepository,
        RelayActionTestService,
      ],
    };
  }
}
