import {
  BadRequestException,
  Body,
  Controller,
  Get,
  INestApplication,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DomainError, type DomainErrorKind } from '@app/platform';
import { ApiExceptionFilter } from './api-exception.filter';
import { DOMAIN_ERROR_STATUS } from './domain-error-status.constants';

@Controller('probe')
class ProbeController {
  @Get('missing')
  missing(): never {
    throw new NotFoundException('No such site');
  }

  @Get('invalid')
  invalid(): never {
    throw new BadRequestException({ err: 'hwaddr must be 12 hexadecimal characters' });
  }

  @Get('crash')
  crash(): never {
    throw new Error('database password is hunter2');
  }

  @Get('domain/:kind')
  domain(@Param('kind') kind: DomainErrorKind, @Query('retryAfter') retryAfter?: string): never {
    throw new DomainError(kind, `refused as ${kind}`, {
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: Number(retryAfter) }),
    });
  }

  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

describe('ApiExceptionFilter', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProbeController],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('answers an HTTP error with its status and { err }', async () => {
    await request(app.getHttpServer()).get('/probe/missing').expect(404, { err: 'No such site' });
    await request(app.getHttpServer())
      .get('/probe/invalid')
      .expect(400, { err: 'hwaddr must be 12 hexadecimal characters' });
  });

  it.each([
    ['invalid', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not-found', 404],
    ['conflict', 409],
    ['refused', 422],
    ['too-many', 429],
    ['unavailable', 503],
    ['timeout', 504],
  ] as const)("answers a service's %s error with %i and its err", async (kind, status) => {
    expect(DOMAIN_ERROR_STATUS[kind]).toBe(status);
    await request(app.getHttpServer())
      .get(`/probe/domain/${kind}`)
      .expect(status, { err: `refused as ${kind}` });
  });

  it('sends the Retry-After a domain error states, and 2 s on a 503 that states none', async () => {
    const limited = await request(app.getHttpServer()).get('/probe/domain/too-many?retryAfter=754').expect(429);
    expect(limited.headers['retry-after']).toBe('754');
    const away = await request(app.getHttpServer()).get('/probe/domain/unavailable').expect(503);
    expect(away.headers['retry-after']).toBe('2');
    const stated = await request(app.getHttpServer()).get('/probe/domain/unavailable?retryAfter=30').expect(503);
    expect(stated.headers['retry-after']).toBe('30');
    const notFound = await request(app.getHttpServer()).get('/probe/domain/not-found').expect(404);
    expect(notFound.headers['retry-after']).toBeUndefined();
  });

  it('answers an unknown route with 404 { err }', async () => {
    const response = await request(app.getHttpServer()).get('/probe/nothing').expect(404);
    expect(response.body).toEqual({ err: 'Cannot GET /probe/nothing' });
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    await request(app.getHttpServer())
      .post('/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"hwaddr": ')
      .expect(400, { err: 'Request body is not valid JSON' });
  });

  it('hides the details of an unexpected error', async () => {
    await request(app.getHttpServer()).get('/probe/crash').expect(500, { err: 'Internal server error' });
  });
});
