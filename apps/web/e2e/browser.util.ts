// cutCells hands page.evaluate a function that runs in the browser.
/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/**
 * The cells of the tables under `selector` that a person cannot read whole: shown but reaching past
 * the screen's width, or holding more than they show (text cut by their width). Each as
 * '<column>: <text>'; none is the answer wanted.
 */
export function cutCells(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>(`${scope} td`)) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const clipped = box.left < 0 || box.right > window.innerWidth + 0.5 || cell.scrollWidth > cell.clientWidth + 1;
      const parts = [...cell.querySelectorAll<HTMLElement>('*')].some((part) => {
        const inner = part.getBoundingClientRect();
        return inner.width > 0 && (inner.left < 0 || inner.right > window.innerWidth + 0.5);
      });
      if (clipped || parts) cut.push(`${cell.dataset.label ?? '?'}: ${cell.textContent ?? ''}`);
    }
    return cut;
  }, selector);
}
