import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { serveWebClient } from './serve-web-client.util';

@Module({})
class EmptyModule {}

describe('the web client served from a build under a dot-folder (.data/, .cache/)', () => {
  let parent: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'web-client-'));
    const distDir = join(parent, '.cache', 'web');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fire Alarm Portal</title>');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(distDir, '.secret'), 'the secret');
    writeFileSync(join(distDir, 'assets', '.hidden.js'), 'the hidden');
    app = await NestFactory.create<NestExpressApplication>(EmptyModule, { logger: false });
    expect(serveWebClient(app, distDir)).toBe(true);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves index.html for the home page and for client routes', async () => {
    for (const path of ['/', '/site/0011aabbccdd/panel/1/status']) {
      const page = await request(app.getHttpServer()).get(path).set('Accept', 'text/html').expect(200);
      expect(page.text).toContain('Fire Alarm Portal');
    }
  });

  it('serves the assets and the other files of the build', async () => {
    const asset = await request(app.getHttpServer()).get('/assets/app-1234.js').expect(200);
    expect(asset.text).toBe('console.log(1)');
    await request(app.getHttpServer()).get('/favicon.svg').expect(200);
  });

  it('refuses the dotfiles inside the build, whatever the request accepts', async () => {
    for (const path of ['/.secret', '/assets/.hidden.js']) {
      for (const accept of ['text/html', '*/*', 'application/javascript']) {
        const response = await request(app.getHttpServer()).get(path).set('Accept', accept);
        expect({ path, accept, status: response.status }).toEqual({ path, accept, status: 404 });
        expect(response.text).not.toContain('the ');
      }
    }
  });
});
