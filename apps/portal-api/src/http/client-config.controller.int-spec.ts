import request from 'supertest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

describe('GET /api/config', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({
      AUTH_ISSUER: 'portal-eu-west',
      SUPPORT_PHONE: '+353 1 555 0100',
      SUPPORT_EMAIL: 'help@alarms.example',
      SUPPORT_ADDRESS: '2 Quay Street, Galway',
      PROVIDER_NAME: 'Western Alarm Monitoring Ltd',
    });
  });

  afterAll(() => portal?.close());

  it('names the issuer of the tokens, the configured support contact and provider, without a token', async () => {
    const response = await request(portal.server).get('/api/config').expect(200);

    expect(response.body).toEqual({
      issuer: 'portal-eu-west',
      supportPhone: '+353 1 555 0100',
      supportEmail: 'help@alarms.example',
      supportAddress: '2 Quay Street, Galway',
      providerName: 'Western Alarm Monitoring Ltd',
      timeDesyncThresholdSeconds: 600,
    });
  });
});
