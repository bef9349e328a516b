// `npm run screenshots`: the README's pictures, taken of the real portal with its demo. Runs `npm start`
// (building what changed first), signs in as the demo account in the system Chromium, and saves to
// docs/screenshots/: the Site Manager, the Head office panel's status during a fire raised at the demo
// console ('fire 1 3'), that site's events, and the demo relay's screen with the fire's run; then it
// stops everything (Ctrl-C, as a person would; the simulated panel's fire ends with it).
//
//   npm run screenshots                    # Chromium at /usr/bin/chromium, or CHROMIUM_PATH
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNT, DEMO_PANELS, DEMO_RELAY } from './demo/demo-seed.ts';

const root = resolve(import.meta.dirname, '..');
const folder = join(root, 'docs/screenshots');
const head = DEMO_PANELS.headOffice.hwaddr;
/** How long `npm start` may take to print its banner (a first build on a busy 2-core machine: about a minute). */
const START_LIMIT_MS = 5 * 60_000;

function log(line: string): void {
  console.log(`[screenshots] ${line}`);
}

/** `npm start`'s own steps, run directly so that Ctrl-C (SIGINT) reaches the process that stops everything. */
function startPortal(): { portal: ChildProcess; origin: Promise<string> } {
  const built = spawnSync(process.execPath, ['--experimental-strip-types', 'scripts/build.mts', '--changed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
  const portal = spawn(process.execPath, ['--experimental-strip-types', 'scripts/start.mts'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const origin = new Promise<string>((resolveOrigin, reject) => {
    const timer = setTimeout(() => reject(new Error('no banner from npm start in time')), START_LIMIT_MS);
    createInterface({ input: portal.stdout! }).on('line', (line) => {
      console.log(line);
      const running = /running at (http:\/\/localhost:\d+)/.exec(line);
      if (running) {
        clearTimeout(timer);
        resolveOrigin(running[1]);
      }
    });
    portal.on('exit', (code) => reject(new Error(`npm start stopped (exit code ${code})`)));
  });
  return { portal, origin };
}

/** A line typed at the demo console's `panel>` prompt. */
function demoConsole(portal: ChildProcess, command: string): void {
  log(`panel> ${command}`);
  portal.stdin!.write(`${command}\n`);
}

async function save(page: Page, name: string): Promise<void> {
  const path = join(folder, `${name}.png`);
  // Toasts come and go: the pictures show the page.
  await page.addStyleTag({ content: '.Toastify { display: none !important; }' });
  await page.screenshot({ path, fullPage: true });
  log(`saved ${path}`);
}

async function takeScreenshots(page: Page, origin: string, portal: ChildProcess): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
  // Each site's status known: Head office authorised, Depot refused its wrong key.
  for (const status of [/^Authorised$/, /^Unauthorised/])
    await page.locator('.site-tile__status', { hasText: status }).waitFor();
  await page.locator('.relay-tile', { hasText: DEMO_RELAY.name }).waitFor();
  await save(page, 'site-manager');

  // The relay screen open while the fire comes: its run appears as the board is driven.
  await page.locator('.relay-tile', { hasText: DEMO_RELAY.name }).click();
  await page.getByRole('heading', { name: DEMO_RELAY.name }).waitFor();
  const before = await page.locator('.relay-runs tbody tr').count();
  demoConsole(portal, 'fire 1 3');
  await page.locator('.relay-runs tbody tr').nth(before).waitFor({ timeout: 30_000 });
  await page
    .locator('.relay-runs tbody tr')
    .first()
    .getByText(/Succeeded|Failed/)
    .waitFor({ timeout: 60_000 });
  await save(page, 'relay-screen');

  await page.goto(`${origin}/site/${head}/panel/1`);
  await page.locator('.card', { hasText: 'Fires' }).getByText(/\d/).first().waitFor();
  await save(page, 'panel-fire');

  await page.goto(`${origin}/site/${head}/events`);
  await page.locator('.event-row--fire').first().waitFor();
  await save(page, 'site-events');
}

async function main(): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const { portal, origin: started } = startPortal();
  let failed = false;
  try {
    const origin = await started;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await takeScreenshots(page, origin, portal);
    } finally {
      await browser.close();
    }
  } catch (error) {
    failed = true;
    log(`failed: ${(error as Error).message}`);
  } finally {
    if (portal.exitCode === null) {
      portal.kill('SIGINT');
      await new Promise((done) => portal.once('exit', done));
    }
  }
  process.exit(failed ? 1 : 0);
}

void main();
