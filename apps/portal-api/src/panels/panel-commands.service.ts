import {
  ConflictException,
  GatewayTimeoutException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { MESSAGES, PANEL_CLOUD_CONTROL_DISABLED, type PanelCommand } from '@app/contracts';
import type { PanelNetworkEntity } from '@app/database';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../auth/panel-access.service';
import { UsersRepository } from '../auth/users.repository';
import { CommandAuditRepository } from './command-audit.repository';
import { PanelCommandClient, type PanelCommandResult } from './panel-command.client';
import { PanelConnectionState } from './panel-connection-state.service';
import { PanelNetworksRepository } from './panel-networks.repository';

export const PANEL_DID_NOT_ANSWER = 'The panel did not answer in time';

/**
 * Control and edit commands from a user to a panel: allowed only on a site the user may open,
 * only while the panel is connected with cloud control, and always written to the audit log.
 */
@Injectable()
export class PanelCommandsService {
  constructor(
    private readonly access: PanelAccessService,
    private readonly state: PanelConnectionState,
    private readonly client: PanelCommandClient,
    private readonly audit: CommandAuditRepository,
    private readonly users: UsersRepository,
    private readonly networks: PanelNetworksRepository,
  ) {}

  /** Checks what can be checked before the command leaves: access, connection, network. */
  private async assertControllable(claims: ClaimsIdentity, hwaddr: string, networkId: number): Promise<void> {
    await this.access.assertMayOpen(claims, hwaddr);
    const connection = await this.state.connection(hwaddr);
    if (!connection?.connected) throw new ConflictException({ err: MESSAGES.panelNotConnected });
    if (!connection.cloudControl) throw new ConflictException({ err: MESSAGES.panelOnlyReceivingEvents });
    if (!connection.networkIds.includes(networkId)) throw new NotFoundException({ err: `This site has no panel ${networkId}` });
  }

  /** Sends the command, records it, and answers only once the panel has applied it. */
  async send(claims: ClaimsIdentity, hwaddr: string, networkId: number, command: PanelCommand): Promise<void> {
    await this.assertControllable(claims, hwaddr, networkId);
    await this.dispatch(claims, hwaddr, networkId, command);
  }

  /**
   * `send` for a command built from the network's stored configuration (module and device settings):
   * `build` sees the configuration only once the user may control the panel, and may refuse.
   */
  async sendChecked(claims: ClaimsIdentity, hwaddr: string, networkId: number, build: (network: PanelNetworkEntity | null) => PanelCommand): Promise<void> {
    await this.assertControllable(claims, hwaddr, networkId);
    await this.dispatch(claims, hwaddr, networkId, build(await this.networks.find(hwaddr, networkId)));
  }

  private async dispatch(claims: ClaimsIdentity, hwaddr: string, networkId: number, command: PanelCommand): Promise<void> {
    const result = await this.client.send(hwaddr, networkId, command);
    const user = await this.users.findById(claims.userId);
    await this.audit.record({
      userId: claims.userId,
      userName: user?.fullName ?? '',
      hwaddr,
      networkId,
      command,
      outcome: result.outcome,
      reason: result.outcome === 'refused' ? result.reason : null,
    });
    throwUnlessOk(result);
  }
}

function throwUnlessOk(result: PanelCommandResult): void {
  switch (result.outcome) {
    case 'ok':
      return;
    case 'not-connected':
      throw new ConflictException({ err: MESSAGES.panelNotConnected });
    case 'timeout':
      throw new GatewayTimeoutException({ err: PANEL_DID_NOT_ANSWER });
    case 'refused':
      if (result.reason === PANEL_CLOUD_CONTROL_DISABLED) throw new ConflictException({ err: MESSAGES.panelOnlyReceivingEvents });
      throw new UnprocessableEntityException({ err: `The panel refused the change: ${result.reason}` });
  }
}
