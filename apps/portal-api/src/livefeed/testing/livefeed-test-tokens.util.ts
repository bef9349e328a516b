import request from 'supertest';
import { ClaimEntity } from '@app/database';
import type { PortalApiTestApp } from '../../testing/portal-api-test-app';

export interface LivefeedTestUser {
  userId: string;
  sessionToken: string;
}

/** Registers a user through the API. */
export async function registerLivefeedUser(portal: PortalApiTestApp, email: string): Promise<LivefeedTestUser> {
  const response = await request(portal.server)
    .post('/api/auth/register')
    .send({ fullname: 'Live Feed User', email, password: 'live feed password' })
    .expect(201);
  const sessionToken = response.body.token as string;
  const payload = JSON.parse(Buffer.from(sessionToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
  return { userId: payload.sub, sessionToken };
}

/** Gives the user an authorised claim on each panel. */
export async function claimPanels(portal: PortalApiTestApp, user: LivefeedTestUser, hwaddrs: string[]): Promise<void> {
  await portal.environment.database.dataSource
    .getRepository(ClaimEntity)
    .insert(hwaddrs.map((hwaddr) => ({ userId: user.userId, hwaddr, adminKey: '1234', status: 'AUTHED' as const })));
}

/** The user's claims token, from the API as a browser gets it. */
export async function claimsToken(portal: PortalApiTestApp, user: LivefeedTestUser): Promise<string> {
  const response = await request(portal.server)
    .post('/api/v2/claims/auth')
    .set('Authorization', `Bearer ${user.sessionToken}`)
    .expect(200);
  return response.body.token as string;
}
