import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthRegistry } from '@app/platform';
import { pingDatabase } from './database-health.util';

/** Adds the database to the app's `/healthz` when the app has one (scripts and tests may not). */
@Injectable()
export class DatabaseHealth implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.health?.register({ name: 'database', check: () => pingDatabase(this.dataSource) });
  }
}
