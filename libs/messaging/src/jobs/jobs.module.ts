import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JOB_WORKERS_OPTIONS, JobWorkers, type JobWorkersOptions } from './job-workers.service';

/** Runs the app's job handlers (methods marked @JobHandler) on BullMQ workers. Needs QueueModule. */
@Module({})
export class JobsModule {
  static forRoot(options: JobWorkersOptions): DynamicModule {
    return {
      module: JobsModule,
      imports: [DiscoveryModule],
      providers: [{ provide: JOB_WORKERS_OPTIONS, useValue: options }, JobWorkers],
      exports: [JobWorkers],
    };
  }
}
