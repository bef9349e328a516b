import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Paths the server answers itself; everything else that asks for a page gets the web client. */
const SERVER_PATHS = /^\/api(\/|$)/i;
/** A dotfile or dot-folder (/.env, /.git/config): never a client route, refused like the file itself. */
const DOT_SEGMENT = /\/\./;
/** The installable app's service worker, at the root so that its scope is every page. */
const SERVICE_WORKER = 'sw.js';

/**
 * Serves the built web client: its files as they are, and index.html for any other page the
 * browser asks for, so that client routes such as /site/0011aabbccdd survive a reload.
 * Returns false when the client has not been built.
 */
export function serveWebClient(app: NestExpressApplication, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  // Hashed asset names change with every build, so they may be cached for long; index.html not.
  app.useStaticAssets(join(distDir, 'assets'), {
    prefix: '/assets',
    immutable: true,
    maxAge: '365d',
    fallthrough: false,
  });
  // The app's icons: a missing one is a missing file, as under /assets, never the page.
  app.useStaticAssets(join(distDir, 'icons'), { prefix: '/icons', maxAge: 0, fallthrough: false });
  const serviceWorker = join(distDir, SERVICE_WORKER);
  app.useStaticAssets(distDir, {
    index: false,
    maxAge: 0,
    // Asked afresh at every visit, of the server and of any cache on the way, so that a new worker takes over once deployed.
    setHeaders: (response: Response, path: string) => {
      if (path === serviceWorker) response.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && request.accepts('html') !== false;
    if (!wantsPage || SERVER_PATHS.test(request.path) || DOT_SEGMENT.test(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    // Relative to the build's folder: send refuses a path with any dot segment, and the folder itself
    // may sit under one (.data/, .cache/); only the part under root is checked then.
    response.sendFile('index.html', { root: distDir });
  });
  return true;
}
