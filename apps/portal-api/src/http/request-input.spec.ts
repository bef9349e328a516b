import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  INestApplication,
  Param,
  Post,
  UseGuards,
  type CanActivate,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { connect } from 'node:net';
import request from 'supertest';
import { HwaddrParamDto, LoginDto } from '@app/api-dto';
import { ApiExceptionFilter } from './api-exception.filter';
import { ApiValidationPipe } from './api-validation.pipe';
import { jsonBodyParserOptions } from './json-body-parser.options';
import { requestBodyMiddleware } from './request-body.middleware';
import { RequestInputGuard } from './request-input.guard';

const LIMIT_BYTES = 2048;

@Controller('probe')
class ProbeController {
  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginDto): object {
    return { ...body };
  }

  @Post('bare/:hwaddr')
  @HttpCode(200)
  bare(@Param() params: HwaddrParamDto): object {
    return { hwaddr: params.hwaddr };
  }

  @Get('list')
  list(): object {
    return {};
  }
}

class DenyGuard implements CanActivate {
  canActivate(): boolean {
    throw new ForbiddenException('No access');
  }
}

@Controller('guarded')
@UseGuards(DenyGuard)
class GuardedController {
  @Get(':hwaddr')
  show(@Param() params: HwaddrParamDto): object {
    return { ...params };
  }
}

/** Headers only, then the whole (small JSON) answer; the body announced is never sent. */
function headersOnly(port: number, headers: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(headers));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n[^]*\}$/.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

describe('request input checks (body limits, content type, nesting, query, params, bodyless routes)', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProbeController, GuardedController],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        { provide: APP_GUARD, useClass: RequestInputGuard },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use(requestBodyMiddleware(LIMIT_BYTES));
    (app as NestExpressApplication).useBodyParser('json', jsonBodyParserOptions(LIMIT_BYTES));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(() => app.close());

  const login = { email: 'a@example.com', password: 'secret' };

  it('passes a valid request through', async () => {
    await request(app.getHttpServer()).post('/probe/login').send(login).expect(200, login);
    await request(app.getHttpServer()).post('/probe/bare/0a1b2c3d4e5f').expect(200, { hwaddr: '0a1b2c3d4e5f' });
    await request(app.getHttpServer()).post('/probe/bare/0a1b2c3d4e5f').send({}).expect(200);
  });

  it('answers 413 to a declared length over the limit at once, without waiting for the body', async () => {
    const response = await headersOnly(
      port,
      `POST /probe/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${LIMIT_BYTES * 1000}\r\n\r\n`,
    );
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    expect(response).toContain('{"err":"Request body is too large"}');
  });

  it('answers 413 to a streamed body that grows over the limit', async () => {
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...login, password: 'x'.repeat(LIMIT_BYTES) }))
      .expect(413, { err: 'Request body is too large' });
  });

  it('refuses a body that is not UTF-8 JSON with 415', async () => {
    await request(app.getHttpServer())
      .post('/probe/login')
      .type('form')
      .send('email=a%40example.com&password=secret')
      .expect(415, { err: 'Request body must be JSON (Content-Type: application/json, UTF-8)' });
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(login))
      .expect(415);
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json; charset=utf-16')
      .send(JSON.stringify(login))
      .expect(415);
  });

  it('refuses malformed JSON with 400', async () => {
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400, {
        err: 'Request body is not valid JSON',
      });
  });

  it('refuses deep nesting with 400 before parsing it', async () => {
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":${'['.repeat(1000)}${']'.repeat(1000)}}`)
      .expect(400, { err: 'Request body nests objects and arrays deeper than 16 levels' });
  });

  it('refuses control characters and lone surrogates in the body, the params and the query, naming the field', async () => {
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"a@example.com","password":"se\\u0000cret"}')
      .expect(400, { err: 'password contains the control character U+0000' });
    await request(app.getHttpServer())
      .post('/probe/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"a\\ud800@example.com","password":"secret"}')
      .expect(400, { err: 'email contains a lone surrogate (U+D800)' });
    await request(app.getHttpServer())
      .post('/probe/bare/0a1b2c%003d4e5f')
      .expect(400, { err: 'hwaddr contains the control character U+0000' });
    await request(app.getHttpServer())
      .get('/probe/list?filter=%1B%5B2J')
      .expect(400, { err: 'filter contains the control character U+001B' });
    await request(app.getHttpServer()).get('/probe/list?filter=ok').expect(200);
  });

  it('checks params and query before the token guards of the route run', async () => {
    await request(app.getHttpServer()).get('/guarded/0a1b2c3d4e5f').expect(403);
    await request(app.getHttpServer())
      .get('/guarded/0a1b%0d')
      .expect(400, { err: 'hwaddr contains the control character U+000D' });
    await request(app.getHttpServer())
      .get('/guarded/0a1b2c3d4e5f?q=%C2%9B')
      .expect(400, { err: 'q contains the control character U+009B' });
  });

  it('refuses any field on a route that reads no body', async () => {
    await request(app.getHttpServer())
      .post('/probe/bare/0a1b2c3d4e5f')
      .send({ admin: true })
      .expect(400, { err: 'admin is not an accepted field' });
    await request(app.getHttpServer())
      .post('/probe/bare/0a1b2c3d4e5f')
      .send([1])
      .expect(400, { err: 'this call takes no request body (or {})' });
  });
});
