import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelCommand } from '@app/contracts';
import { PanelCommandAuditEntity, type PanelCommandOutcome } from '@app/database';

export interface AuditEntry {
  userId: string;
  userName: string;
  hwaddr: string;
  networkId: number;
  command: PanelCommand;
  outcome: PanelCommandOutcome;
  reason: string | null;
}

/** The audit log of commands sent to panels, newest first. */
@Injectable()
export class CommandAuditRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(entry: AuditEntry): Promise<void> {
    const { command, ...rest } = entry;
    await this.dataSource.getRepository(PanelCommandAuditEntity).insert({ ...rest, kind: command.kind, command: { ...command } });
  }

  latest(hwaddr: string, limit: number): Promise<PanelCommandAuditEntity[]> {
    return this.dataSource.getRepository(PanelCommandAuditEntity).find({ where: { hwaddr }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
