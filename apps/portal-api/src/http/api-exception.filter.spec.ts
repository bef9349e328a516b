import { BadRequestException, Body, Controller, Get, INestApplication, NotFoundException, Post } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ApiExceptionFilter } from './api-exception.filter';

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
