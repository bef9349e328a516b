import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { serviceVariables, type TestEnvironment } from '@app/testing';
import { loadMailerConfig, type MailerConfig } from '../mailer.config';
import { MailerModule } from '../mailer.module';
import { APP_DATABASE_ROLES } from '@app/database';

export interface MailerTestApp {
  app: INestApplication;
  config: MailerConfig;
  close(): Promise<void>;
}

/**
 * The mailer as `main.ts` builds it (configuration read from variables) on a test environment's
 * database, NATS prefix and Redis prefix, sending to the SMTP server on `smtpPort`. `env` adds or
 * overrides variables. Closing leaves the environment to its owner.
 */
export async function startMailerTestApp(
  environment: TestEnvironment,
  smtpPort: number,
  env: Record<string, string> = {},
): Promise<MailerTestApp> {
  const config = loadMailerConfig({
    ...serviceVariables(environment, APP_DATABASE_ROLES.mailer),
    MAILER_HTTP_PORT: '7703',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    PUBLIC_URL: 'https://portal.example.com',
    MAIL_FROM: 'Fire Alarm Portal <alarms@portal.example.com>',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [MailerModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, config, close: () => app.close() };
}
