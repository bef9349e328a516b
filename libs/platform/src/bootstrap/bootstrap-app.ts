import { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { RuntimeConfig } from '@app/config';
import { OpsServer } from '../ops/ops-server';

export interface BootstrapOptions {
  /** Called before listening, e.g. to set a global prefix or a websocket adapter. */
  configure?: (app: INestApplication) => void | Promise<void>;
}

/**
 * Starts a backend app: JSON logs from the first line, its public port if it has one, then its ops
 * port (/healthz, /metrics), graceful shutdown on SIGTERM/SIGINT (Nest
 * runs every module's shutdown hook: stop accepting, drain NATS, close workers and the database),
 * and a clear log line and exit code when the start fails.
 */
export async function bootstrapApp(
  module: Type<unknown> | DynamicModule,
  runtime: RuntimeConfig,
  options: BootstrapOptions = {},
): Promise<INestApplication> {
  const app = await NestFactory.create(module, { bufferLogs: true, abortOnError: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  exitOnSecondSignal();
  await options.configure?.(app);
  if (runtime.publicPort !== null) await app.listen(runtime.publicPort);
  else await app.init();
  // Last: probes see the app healthy only once it has started whole.
  await app.get(OpsServer).listen(runtime.opsPort);
  logger.log(
    { port: runtime.publicPort ?? undefined, opsPort: runtime.opsPort },
    `${runtime.appName} listening`,
    'Bootstrap',
  );
  return app;
}

/** Runs `bootstrapApp` as a process entry point: any start failure is logged and exits 1. */
export function runApp(
  module: Type<unknown> | DynamicModule,
  runtime: RuntimeConfig,
  options?: BootstrapOptions,
): void {
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(
      `${JSON.stringify({ level: 50, name: runtime.appName, msg: 'unhandled rejection', err: String(reason) })}\n`,
    );
  });
  bootstrapApp(module, runtime, options).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ level: 60, name: runtime.appName, msg: `start failed: ${message}` })}\n`);
    process.exit(1);
  });
}

/** A second Ctrl-C while shutting down means "now". */
function exitOnSecondSignal(): void {
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 1) process.exit(130);
    });
  }
}
