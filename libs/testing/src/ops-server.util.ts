import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { OpsServer } from '@app/platform';

/** An app's ops port server (/healthz, /metrics), for supertest: tests do not make it listen. */
export function opsServerOf(app: INestApplication): Server {
  return app.get(OpsServer).server;
}
