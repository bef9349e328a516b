import { Injectable, Logger } from '@nestjs/common';
import {
  MESSAGES,
  panelCommandDefinition,
  panelCommandOfBody,
  panelCommandUnsupportedMessage,
  panelSupportsCommand,
  protocolVersionOf,
  type PanelCommand,
  type PanelCommandDefinition,
} from '@app/contracts';
import { DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { UsersRepository } from '../auth/users.repository';
import { CommandAuditRepository, type AuditEntry, type SettledOutcome } from './command-audit.repository';
import { askedCommand, checkCommandRequest } from './command-request.util';
import { PanelCommandClient, type PanelCommandResult } from './panel-command.client';
import { PanelConnectionState } from './panel-connection-state.service';
import { PanelNetworksRepository } from './panel-networks.repository';
import { TimeDesyncResolution } from './time-desync-resolution.service';

export const PANEL_DID_NOT_ANSWER = 'The panel did not answer in time';
export const COMMAND_NOT_AUDITED = 'The command was not sent: the audit log is unavailable. Please try again later';
export const COMMAND_NOT_SENT = 'The command could not be sent to the panel. Please try again later';

/** Waits between the tries of an audit write (its first try is at once). */
const AUDIT_RETRY_DELAYS_MS = [100, 400, 1600];

/** A command as a user asks for it: its kind and the fields of the request body, as sent. */
export type AskedCommand = { kind: string } & Record<string, unknown>;

/**
 * Control and edit commands from a user to a panel: allowed only on a site the user may open, only
 * when fully valid (its definition's fields, checked once, here), only while the panel is connected,
 * with cloud control where the kind needs it, and speaks a protocol version that has the kind. Every
 * attempt by a user who may open the site is in the audit log with its outcome: the row is written
 * before the command leaves (no row, no command) and settled with what the panel did, which is also
 * what the API answers.
 */
@Injectable()
export class PanelCommandsService {
  private readonly logger = new Logger(PanelCommandsService.name);

  constructor(
    private readonly access: PanelAccessService,
    private readonly state: PanelConnectionState,
    private readonly client: PanelCommandClient,
    private readonly audit: CommandAuditRepository,
    private readonly users: UsersRepository,
    private readonly networks: PanelNetworksRepository,
    private readonly timeDesync: TimeDesyncResolution,
  ) {}

  /** A command as a user asks for it (`{ kind, ...fields }`): see sendRequest. */
  async send(claims: ClaimsIdentity, hwaddr: string, networkId: number, asked: AskedCommand): Promise<void> {
    const { kind, ...body } = asked;
    const definition = panelCommandDefinition(kind);
    if (!definition) throw new DomainError('invalid', `${String(kind)} is not a panel command`);
    await this.sendRequest(claims, hwaddr, networkId, definition, body);
  }

  /**
   * Checks the request body against the command's definition, sends the command, records it, and
   * answers only once the panel has applied it. A body that fails its check is refused with 400 and
   * recorded as 'rejected' for a user who may open the site (anyone else writes nothing into its log).
   */
  async sendRequest(
    claims: ClaimsIdentity,
    hwaddr: string,
    networkId: number,
    definition: PanelCommandDefinition,
    body: unknown,
  ): Promise<void> {
    const checked = checkCommandRequest(definition, body);
    if (!checked.ok) {
      const asked = askedCommand(definition, body);
      // The 400 stands whether or not the log could take it (the attempt changed nothing).
      await this.recordInvalidRequest(claims, hwaddr, networkId, asked, checked.error).catch((error: unknown) => {
        this.logger.error({ kind: asked.kind, err: error }, 'refused command request not written to the audit log');
      });
      throw new DomainError('invalid', checked.error);
    }
    await this.sendChecked(claims, hwaddr, networkId, definition, panelCommandOfBody(definition, checked.value));
  }

  /**
   * A command request refused before it became a command (its body or path failed validation): on
   * record as 'rejected' like any other refusal, but only for a user who may open the site (anyone
   * else writes nothing into its log). `asked` is the request body as sent, under its kind.
   */
  async recordInvalidRequest(
    claims: ClaimsIdentity,
    hwaddr: string,
    networkId: number,
    asked: PanelCommand,
    reason: string,
  ): Promise<void> {
    try {
      await this.access.assertMayOpen(claims, hwaddr);
    } catch {
      return;
    }
    const user = await this.users.findById(claims.userId);
    const correlationId = PanelCommandClient.correlationId();
    await this.recordRefusal(
      { userId: claims.userId, userName: user?.fullName ?? '', hwaddr, networkId, command: asked, correlationId },
      'rejected',
      reason,
    );
  }

  private async sendChecked(
    claims: ClaimsIdentity,
    hwaddr: string,
    networkId: number,
    definition: PanelCommandDefinition,
    command: PanelCommand,
  ): Promise<void> {
    // Someone who may not open the site, or only watch it (a viewer), gets 403 and writes nothing into its log.
    await this.access.assertMayControl(claims, hwaddr);
    const user = await this.users.findById(claims.userId);
    // One id for the audit row, the NATS request, the gateway and the panel: the request's.
    const correlationId = PanelCommandClient.correlationId();
    const entry: AuditEntry = {
      userId: claims.userId,
      userName: user?.fullName ?? '',
      hwaddr,
      networkId,
      command,
      correlationId,
    };
    try {
      await this.assertSendable(hwaddr, networkId, definition, command);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const outcome: SettledOutcome = error instanceof PanelNotConnectedError ? 'not-connected' : 'rejected';
      await this.recordRefusal(entry, outcome, error.err);
      throw error;
    }
    const id = await this.audit.begin(entry).catch((error: unknown) => {
      this.logger.error({ kind: command.kind, err: error }, 'audit row not written, command not sent');
      throw new DomainError('unavailable', COMMAND_NOT_AUDITED, { cause: error });
    });
    let result: PanelCommandResult;
    try {
      result = await this.client.send(hwaddr, networkId, command, { correlationId });
    } catch (error) {
      this.logger.error({ kind: command.kind, err: error }, 'command not sent');
      await this.settle(id, 'failed', String(error));
      throw new DomainError('unavailable', COMMAND_NOT_SENT, { cause: error });
    }
    await this.settle(id, outcomeOf(result), result.outcome === 'refused' ? result.reason : null);
    if (result.outcome === 'ok' && command.kind === 'syncClock')
      await this.timeDesync.clockSynced(hwaddr, entry.userName);
    throwUnlessOk(result, definition);
  }

  /**
   * What can be checked before the command leaves: the connection, cloud control where the kind
   * needs it, the panel's protocol version, the network, and the network's stored configuration
   * (seen only once the user may control the panel).
   */
  private async assertSendable(
    hwaddr: string,
    networkId: number,
    definition: PanelCommandDefinition,
    command: PanelCommand,
  ): Promise<void> {
    const connection = await this.state.connection(hwaddr);
    if (!connection?.connected) throw new PanelNotConnectedError();
    if (definition.needsCloudControl && !connection.cloudControl)
      throw new DomainError('conflict', MESSAGES.panelOnlyReceivingEvents);
    if (!panelSupportsCommand(definition, protocolVersionOf(connection)))
      throw new DomainError('conflict', panelCommandUnsupportedMessage(definition));
    if (!connection.networkIds.includes(networkId))
      throw new DomainError('not-found', `This site has no panel ${networkId}`);
    if (!definition.configurationProblem) return;
    const problem = definition.configurationProblem(await this.networks.find(hwaddr, networkId), command as never);
    if (problem && 'notFound' in problem) throw new DomainError('not-found', problem.notFound);
    if (problem) throw new DomainError('invalid', problem.invalid);
  }

  /** A refusal is answered only once it is in the log: a log that cannot be written answers 503. */
  private async recordRefusal(entry: AuditEntry, outcome: SettledOutcome, reason: string): Promise<void> {
    try {
      await withRetries(() => this.audit.record(entry, outcome, reason));
    } catch (error) {
      this.logger.error(
        { kind: entry.command.kind, outcome, err: error },
        'audit row of a refused command not written',
      );
      throw new DomainError('unavailable', COMMAND_NOT_AUDITED, { cause: error });
    }
  }

  /**
   * The outcome of a command that left: retried, since the panel has acted on it. If the log stays
   * unavailable the row keeps 'pending' (the attempt is on record) and the answer is still the panel's.
   */
  private async settle(id: number, outcome: SettledOutcome, reason: string | null): Promise<void> {
    try {
      await withRetries(() => this.audit.settle(id, outcome, reason));
    } catch (error) {
      this.logger.error(
        { auditId: id, outcome, err: error },
        'command outcome not written, its audit row stays pending',
      );
    }
  }
}

/** No gateway holds the panel (409); recorded in the audit log as not-connected. */
class PanelNotConnectedError extends DomainError {
  constructor() {
    super('conflict', MESSAGES.panelNotConnected);
  }
}

async function withRetries(write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= AUDIT_RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, AUDIT_RETRY_DELAYS_MS[attempt]));
    }
  }
}

/** The gateway's own refusals never reached the panel: 'rejected'; the panel's are 'refused'. */
function outcomeOf(result: PanelCommandResult): SettledOutcome {
  if (result.outcome !== 'refused') return result.outcome;
  return result.failure === 'refused' ? 'refused' : 'rejected';
}

function throwUnlessOk(result: PanelCommandResult, definition: PanelCommandDefinition): void {
  switch (result.outcome) {
    case 'ok':
      return;
    case 'not-connected':
      throw new PanelNotConnectedError();
    case 'timeout':
      throw new DomainError('timeout', PANEL_DID_NOT_ANSWER);
    case 'refused':
      if (result.failure === 'cloud-control-disabled')
        throw new DomainError('conflict', MESSAGES.panelOnlyReceivingEvents);
      if (result.failure === 'unsupported')
        throw new DomainError('conflict', panelCommandUnsupportedMessage(definition));
      throw new DomainError('refused', `The panel refused the change: ${result.reason}`);
  }
}
