import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The system Chromium, headless; never a downloaded browser. */
function chromiumOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** The system Chromium with a throwaway profile, its pages in contexts like a private window's. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/** The system Chromium with a profile kept in `userDataDir`: a page as in an ordinary window, not a private one. */
export function launchChromiumWithProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, chromiumOptions());
}

/** Screenshots for a person to look at, in test-results/ (ignored by git). */
export function screenshotPath(name: string): string {
  return pathIn(resolve(__dirname, '../../../test-results/web-e2e'), name);
}

/**
 * A screenshot the README shows: in docs/screenshots/ when the run is asked to refresh them
 * (UPDATE_DOCS_SCREENSHOTS=1), else beside the others in test-results/, so that a plain test run
 * never changes tracked files.
 */
export function docsScreenshotPath(name: string): string {
  return process.env.UPDATE_DOCS_SCREENSHOTS === '1'
    ? pathIn(resolve(__dirname, '../../../docs/screenshots'), name)
    : screenshotPath(name);
}

function pathIn(folder: string, name: string): string {
  mkdirSync(folder, { recursive: true });
  return join(folder, `${name}.png`);
}
