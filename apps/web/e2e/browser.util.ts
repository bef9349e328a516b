import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The system Chromium, headless, with a throwaway profile; never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Screenshots for a person to look at, in test-results/ (ignored by git). */
export function screenshotPath(name: string): string {
  const folder = resolve(__dirname, '../../../test-results/web-e2e');
  mkdirSync(folder, { recursive: true });
  return join(folder, `${name}.png`);
}
