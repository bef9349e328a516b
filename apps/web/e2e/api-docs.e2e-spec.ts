import type { Browser } from 'playwright-core';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../portal-api/src/testing/portal-api-test-app';
import { launchChromium, screenshotPath } from './browser.util';

/** The OpenAPI description's Swagger UI, as an integrator opens it, under the API's security headers. */
describe('Swagger UI at /api/docs in Chromium', () => {
  let portal: PortalApiTestApp;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({}, { listen: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('renders every operation of the description, with nothing refused by the Content-Security-Policy', async () => {
    const origin = `http://127.0.0.1:${portal.port}`;
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });

    await page.goto(`${origin}/api/docs`);
    const described = (await (await fetch(`${origin}/api/docs-json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(described.paths).reduce((count, item) => count + Object.keys(item).length, 0);
    await page
      .locator('.opblock')
      .nth(operations - 1)
      .waitFor();

    expect(await page.locator('.opblock').count()).toBe(operations);
    await page.getByRole('button', { name: /Authorize/ }).waitFor();
    await page.locator('.opblock', { hasText: '/api/v2/claims/create' }).locator('.opblock-summary').click();
    await page.locator('.opblock.is-open .opblock-section-request-body').waitFor();
    await page.screenshot({ path: screenshotPath('api-docs'), fullPage: false });
    expect(problems).toEqual([]);
  });
});
