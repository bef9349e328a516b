import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelCommand } from '@app/contracts';
import { PanelCommandAuditEntity, type PanelCommandOutcome } from '@app/database';
import { storableJson, storableText } from './storable-text.util';

export interface AuditEntry {
  userId: string;
  userName: string;
  hwaddr: string;
  networkId: number;
  command: PanelCommand;
  /** The command's correlation id (what its log lines, its NATS message and the panel carry). */
  correlationId: string;
}

export type SettledOutcome = Exclude<PanelCommandOutcome, 'pending'>;

/** The audit log of commands sent to panels, newest first. */
@Injectable()
export class CommandAuditRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(PanelCommandAuditEntity);
  }

  /** Writes the attempt before the command leaves ('pending'); answers its id for settle(). */
  async begin(entry: AuditEntry): Promise<number> {
    const result = await this.rows.insert({ ...this.row(entry), outcome: 'pending', reason: null, settledAt: null });
    return Number((result.identifiers[0] as { id: number | string }).id);
  }

  /** Records how a pending attempt ended. */
  async settle(id: number, outcome: SettledOutcome, reason: string | null): Promise<void> {
    await this.rows.update(
      { id },
      { outcome, reason: reason === null ? null : storableText(reason), settledAt: () => 'now()' },
    );
  }

  /** An attempt refused before anything was sent, written with its outcome at once. */
  async record(entry: AuditEntry, outcome: SettledOutcome, reason: string | null): Promise<void> {
    await this.rows.insert({
      ...this.row(entry),
      outcome,
      reason: reason === null ? null : storableText(reason),
      settledAt: () => 'now()',
    });
  }

  latest(hwaddr: string, limit: number): Promise<PanelCommandAuditEntity[]> {
    return this.rows.find({ where: { hwaddr }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  private row(entry: AuditEntry) {
    const { command, ...rest } = entry;
    // The command as asked, kept even when its text is one PostgreSQL cannot hold (a refused one).
    return {
      ...rest,
      userName: storableText(rest.userName),
      kind: storableText(command.kind),
      command: storableJson({ ...command }),
    };
  }
}
