import request from 'supertest';
import { MailDeliveryEntity } from '@app/database';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../../portal-api/src/testing/portal-api-test-app';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';

jest.setTimeout(30_000);

describe('invitation mail (portal-api and mailer on real services, real SMTP server)', () => {
  let environment: TestEnvironment;
  let portal: PortalApiTestApp;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    portal = await startPortalApiTestApp({}, { environment });
    mailer = await startMailerTestApp(environment, smtp.port, { PUBLIC_URL: 'https://portal.example.com' });
  });

  afterAll(async () => {
    await mailer?.close();
    await portal?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  const register = async (name: string, email: string): Promise<string> =>
    (
      await request(portal.server)
        .post('/api/auth/register')
        .send({ fullname: name, email, password: `${name} password` })
        .expect(201)
    ).body.token as string;

  it('mails a link to the company that the invitee opens and accepts, once', async () => {
    const admin = await register('Ada Admin', 'ada@example.com');
    const company = await request(portal.server)
      .post('/api/v2/companies')
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Northside Fire' })
      .expect(201);
    await request(portal.server)
      .post(`/api/v2/companies/${company.body.id as string}/invitations`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ email: 'Tom@Example.com', role: 'technician' })
      .expect(201);

    const mail = await waitUntil(() => smtp.mailsTo('tom@example.com')[0], 'the invitation mail');
    expect(mail.subject).toBe('Fire Alarm Portal — Ada Admin invites you to the company Northside Fire');
    expect(mail.text).toContain('as Technician');
    const link = /https:\/\/portal\.example\.com\/invitation\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link!}"`);
    await waitUntil(
      async () =>
        (
          await environment.database.dataSource
            .getRepository(MailDeliveryEntity)
            .findOneBy({ recipient: 'tom@example.com', kind: 'invitation' })
        )?.status === 'sent',
      'the delivery recorded as sent',
    );

    const token = decodeURIComponent(new URL(link!).pathname.replace(/^\/invitation\//, ''));
    const tom = await register('Tom Technician', 'tom@example.com');
    await request(portal.server)
      .post('/api/v2/invitations/accept')
      .set('Authorization', `Bearer ${tom}`)
      .send({ token })
      .expect(200, { kind: 'company', companyId: company.body.id, hwaddr: null });
    const companies = await request(portal.server).get('/api/v2/companies').set('Authorization', `Bearer ${tom}`);
    expect(companies.body.companies).toEqual([expect.objectContaining({ name: 'Northside Fire', role: 'technician' })]);
    expect(smtp.mails).toHaveLength(1);
  });
});
