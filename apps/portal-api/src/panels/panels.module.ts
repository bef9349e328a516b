import { Module } from '@nestjs/common';
import { NotificationsWriterModule } from '@app/notifications';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { CommandAuditController } from './command-audit.controller';
import { CommandAuditRepository } from './command-audit.repository';
import { PanelClockController } from './panel-clock.controller';
import { PanelClockRepository } from './panel-clock.repository';
import { PanelCommandClient } from './panel-command.client';
import { PanelCommandsController } from './panel-commands.controller';
import { PanelCommandsService } from './panel-commands.service';
import { PanelConnectionState } from './panel-connection-state.service';
import { PanelNetworksRepository } from './panel-networks.repository';
import { TimeDesyncRepository } from './time-desync.repository';
import { TimeDesyncResolution } from './time-desync-resolution.service';

/** Control and editing of panels through the gateway, and the audit log of what was sent. */
@Module({
  imports: [PanelAccessModule, NotificationsWriterModule],
  controllers: [PanelCommandsController, CommandAuditController, PanelClockController],
  providers: [
    PanelCommandClient,
    PanelCommandsService,
    PanelConnectionState,
    PanelNetworksRepository,
    CommandAuditRepository,
    TimeDesyncRepository,
    PanelClockRepository,
    TimeDesyncResolution,
  ],
  exports: [PanelCommandClient, PanelConnectionState, PanelNetworksRepository],
})
export class PanelsModule {}
