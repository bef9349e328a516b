import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MetricsService } from '@app/platform';

/** What node-postgres's pool tells of itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The connection pool's use on the app's `/metrics` (`database_pool_connections{state}`), read as
 * it is scraped: `waiting` above 0 for long means DATABASE_POOL_SIZE is too small for the load.
 * Registered when the app has metrics (scripts and tests may not).
 */
@Injectable()
export class DatabasePoolMetrics implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onModuleInit(): void {
    const pool = () => (this.dataSource.driver as unknown as { master?: PoolCounts }).master;
    this.metrics?.gauge({
      name: 'database_pool_connections',
      help: 'Connections of the database pool: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      collect() {
        const counts = pool();
        if (!counts) return;
        this.set({ state: 'total' }, counts.totalCount);
        this.set({ state: 'idle' }, counts.idleCount);
        this.set({ state: 'waiting' }, counts.waitingCount);
      },
    });
  }
}
