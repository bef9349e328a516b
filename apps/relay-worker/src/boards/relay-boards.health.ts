import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { HealthRegistry } from '@app/platform';
import { RedisBoardLock } from '@app/relay-protocol';

/**
 * Adds the board locks to `/healthz`: red while this worker drives a board whose lease lapsed
 * without renewal (Redis out of reach, a stalled process) or passed to another worker.
 */
@Injectable()
export class RelayBoardsHealth implements OnModuleInit {
  constructor(
    private readonly lock: RedisBoardLock,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.health?.register({ name: 'relayBoards', check: async () => this.check() });
  }

  check(): void {
    const overdue = this.lock.overdueBoards();
    if (overdue.length > 0) throw new Error(`held past the lease without renewal: ${overdue.join(', ')}`);
  }
}
