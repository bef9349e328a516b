import { WebhookDeliveryEntity, WebhookEndpointEntity } from '@app/database';
import { localCertificate, waitUntil, WebhookReceiver, type LocalCertificate } from '@app/testing';
import type { Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { startMailerTestApp, type MailerTestApp } from '../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../mailer/src/testing/smtp-test-server';
import { authorisedSite, registerUniqueUser, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { cutCells } from './browser.util';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * A site's webhook in the built client, on the real stack (portal-api, a gateway and a simulated
 * panel, the mailer, a real HTTPS receiver that verifies every signature): an address refused as
 * typed, then saved with its secret shown, 'Send test' delivered and listed so, and a fire from the
 * panel delivered to the receiver and listed as 'Fire'.
 */
describe("a site's webhook in Chromium", () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let mailer: MailerTestApp;
  let certificate: LocalCertificate;
  let receiver: WebhookReceiver;
  const smtp = new SmtpTestServer();
  let ann: TestUser;
  let panel: SimulatedPanel;
  let db: DataSource;
  let secret = '';

  beforeAll(async () => {
    certificate = localCertificate();
    receiver = new WebhookReceiver(certificate, () => secret);
    await receiver.start();
    started = await startBrowserWorld({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' }, []);
    ({ page, origin } = started);
    const { environment } = started.world.portal;
    db = environment.database.dataSource;
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, {
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: certificate.certFile,
    });
    ann = await registerUniqueUser(started.world.portal, 'Ann');
    panel = await authorisedSite(started.world, ann, { nickname: 'Depot', notify: false });
    await signInWithSession(page, origin, ann.session);
  });

  afterAll(async () => {
    await mailer?.close();
    await started?.close();
    await smtp.stop();
    await receiver?.stop();
    certificate?.remove();
  });

  const deliveryRow = (type: string) => page.locator('.webhook-deliveries__table tbody tr', { hasText: type });
  // The page's other sections have a Save of their own.
  const save = () => page.getByRole('region', { name: 'Webhook', exact: true }).getByRole('button', { name: 'Save' });

  it('saves a receiver, delivers a test message and a fire to it, and lists both as delivered', async () => {
    await page.goto(`${origin}/site/${panel.hwaddr}/about`);
    const address = page.getByLabel('Receiver address');
    await address.fill('http://127.0.0.1/hooks');
    await page.getByText('https://', { exact: false }).first().waitFor();
    expect(await save().isDisabled()).toBe(true);

    await address.fill(`${receiver.url}/depot`);
    await save().click();
    await page.getByText('whsec_', { exact: false }).first().waitFor();
    const endpoint = await waitUntil(
      () => db.getRepository(WebhookEndpointEntity).findOneBy({ hwaddr: panel.hwaddr }),
      'the webhook stored',
    );
    expect(endpoint.url).toBe(`${receiver.url}/depot`);
    secret = endpoint.secret;
    await page.getByText(secret).waitFor();

    await page.getByRole('button', { name: 'Send test' }).click();
    await deliveryRow('Test message').getByText('Delivered').waitFor();

    panel.report(panel.model.setZone(1, 2, 'fire'));
    await waitUntil(
      () =>
        db
          .getRepository(WebhookDeliveryEntity)
          .findOneBy({ hwaddr: panel.hwaddr, type: 'alarm.fire', state: 'delivered' }),
      'the fire delivered',
    );
    await page.reload();
    await deliveryRow('Fire').getByText('Delivered').waitFor();

    expect(receiver.received.map((message) => [message.verified, message.payload?.type])).toEqual([
      [true, 'webhook.test'],
      [true, 'alarm.fire'],
    ]);

    // On a phone each delivery is a card of labelled lines: no column cut.
    await page.setViewportSize({ width: 375, height: 667 });
    await deliveryRow('Fire').getByText('Delivered').waitFor();
    await waitUntil(
      async () => (await cutCells(page, '.webhook-deliveries__table')).length === 0,
      'the deliveries reflowed to cards',
    );
  });
});
