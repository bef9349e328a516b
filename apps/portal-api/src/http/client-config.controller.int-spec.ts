import request from 'supertest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

describe('GET /api/config', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({ AUTH_ISSUER: 'portal-eu-west' });
  });

  afterAll(() => portal?.close());

  it('names the issuer of the tokens, without a token', async () => {
    const response = await request(portal.server).get('/api/config').expect(200);

    expect(response.body).toEqual({ issuer: 'portal-eu-west' });
  });
});
