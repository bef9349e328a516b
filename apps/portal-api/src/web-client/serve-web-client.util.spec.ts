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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What browsers send for a page, for a script, a worker or the manifest, and for an image. */
const ACCEPTS = ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*', 'image/avif,image/webp,image/png,*/*;q=0.8'];

describe('the web client served from a build under a dot-folder (.data/, .cache/)', () => {
  let parent: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'web-client-'));
    const distDir = join(parent, '.cache', 'web');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    mkdirSync(join(distDir, 'icons'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fire Alarm Portal</title>');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(distDir, 'sw.js'), "self.addEventListener('install', () => undefined);");
    writeFileSync(join(distDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Fire Alarm Portal' }));
    writeFileSync(join(distDir, 'icons', 'icon-192.png'), PNG_SIGNATURE);
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
    for (const path of ['/', '/site/0011aabbccdd/panel/1/status', '/alarms', '/help']) {
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

  it('serves the service worker as a script, to be asked for afresh at every visit', async () => {
    for (const accept of ACCEPTS) {
      const worker = await request(app.getHttpServer()).get('/sw.js').set('Accept', accept).expect(200);
      expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.text).toContain("addEventListener('install'");
    }
  });

  it('serves the manifest as application/manifest+json, cached like the other files of the build', async () => {
    for (const accept of ACCEPTS) {
      const manifest = await request(app.getHttpServer())
        .get('/manifest.webmanifest')
        .set('Accept', accept)
        .expect(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('public, max-age=0');
      expect(JSON.parse(manifest.text)).toEqual({ name: 'Fire Alarm Portal' });
    }
  });

  it('serves the icons, and refuses a missing one rather than answering with the page', async () => {
    for (const accept of ACCEPTS) {
      const icon = await request(app.getHttpServer()).get('/icons/icon-192.png').set('Accept', accept).expect(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.body).toEqual(PNG_SIGNATURE);
      const missing = await request(app.getHttpServer()).get('/icons/icon-48.png').set('Accept', accept);
      expect({ accept, status: missing.status }).toEqual({ accept, status: 404 });
      expect(missing.text).not.toContain('Fire Alarm Portal');
    }
  });
});
