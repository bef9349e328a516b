import { DynamicModule, Module } from '@nestjs/common';
import { NotificationsWriterModule } from '@app/notifications';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { SiteTestModesRepository } from './site-test-modes.repository';
import { TestModeConfig } from './test-mode.config';
import { TestModeController } from './test-mode.controller';
import { SiteTestModes } from './test-mode.service';
import { TestModeSweep } from './test-mode-sweep.service';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** A site's test mode: started and ended by hand through the API, ended by itself by the sweep (docs/test-mode.md). */
@Module({})
export class TestModeModule {
  static forRoot(config: TestModeConfig): DynamicModule {
    return {
      module: TestModeModule,
      imports: [PanelAccessModule, NotificationsWriterModule, WebhooksModule],
      controllers: [TestModeController],
      providers: [{ provide: TestModeConfig, useValue: config }, SiteTestModesRepository, SiteTestModes, TestModeSweep],
    };
  }
}
