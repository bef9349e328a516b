import request from 'supertest';
import { MailDeliveryEntity } from '@app/database';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../../portal-api/src/testing/portal-api-test-app';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';

jest.setTimeout(30_000);

describe('password reset mail (portal-api and mailer on real services, real SMTP server)', () => {
  let environment: TestEnvironment;
  let portal: PortalApiTestApp;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const email = 'rose@example.com';

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    portal = await startPortalApiTestApp({}, { environment });
    mailer = await startMailerTestApp(environment, smtp.port, { PUBLIC_URL: 'https://portal.example.com' });
    await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Rose Reset', email, password: 'first password' })
      .expect(201);
  });

  afterAll(async () => {
    await mailer?.close();
    await portal?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  it('mails a working reset link, and the reset through it signs the user in', async () => {
    await request(portal.server).post('/api/auth/resetpassword/request').send({ email }).expect(200);
    const mail = await waitUntil(() => smtp.mailsTo(email)[0], 'the reset mail');

    expect(mail.to).toBe(`Rose Reset <${email}>`);
    expect(mail.subject).toBe('Fire Alarm Portal — reset your password');
    const link = /https:\/\/portal\.example\.com\/resetpass\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link!}"`);
    await waitUntil(
      async () =>
        (await environment.database.dataSource.getRepository(MailDeliveryEntity).findOneBy({ recipient: email }))
          ?.status === 'sent',
      'the delivery recorded as sent',
    );

    const token = decodeURIComponent(new URL(link!).pathname.replace(/^\/resetpass\//, ''));
    const reset = await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token, password: 'second password' })
      .expect(200);
    const account = await request(portal.server)
      .get('/api/auth/account')
      .set('Authorization', `Bearer ${reset.body.token as string}`)
      .expect(200);
    expect(account.body).toMatchObject({ email, name: 'Rose Reset' });
    await request(portal.server).post('/api/auth/login').send({ email, password: 'second password' }).expect(200);
    expect(smtp.mails).toHaveLength(1);
  });
});
