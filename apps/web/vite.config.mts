import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(webRoot, '../..');
const portalApiOrigin = 'http://localhost:3000';

/** Short commit of the checkout, or 'dev' where there is no git (a Docker build context). */
function gitShortSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/** UTC build time as YYYYMMDD.HHmm. */
function utcBuildTime(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}.${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

/** A release pipeline names the build through BUILD_STAMP; local builds name themselves. */
function buildStamp(): string {
  const fromEnvironment = process.env.BUILD_STAMP?.trim();
  return fromEnvironment ? fromEnvironment : `${gitShortSha()}-${utcBuildTime(new Date())}`;
}

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: { '@app/contracts': resolve(repoRoot, 'libs/contracts/src') },
  },
  define: {
    __BUILD_STAMP__: JSON.stringify(buildStamp()),
  },
  build: {
    outDir: resolve(repoRoot, 'dist/web'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: portalApiOrigin, ws: true },
      '/healthz': { target: portalApiOrigin },
    },
  },
});
