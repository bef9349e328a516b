import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { requestLogFields } from './request-log-fields.util';

const request = (fields: Partial<AuthenticatedRequest> & { route?: { path: string } }) =>
  ({ params: {}, ...fields }) as unknown as AuthenticatedRequest;

describe('requestLogFields', () => {
  it('names the user of the claims or session token, the panel and the network of the path', () => {
    expect(
      requestLogFields(
        request({
          claims: { userId: 'u-1', panels: [] },
          params: { hwaddr: '0011AABBCCDD', networkId: '2' },
          route: { path: '/api/v2/sites/:hwaddr/panel/:networkId/zone' },
        }),
      ),
    ).toEqual({ userId: 'u-1', hwaddr: '0011aabbccdd', networkId: 2 });
    expect(
      requestLogFields(request({ session: { userId: 'u-2', sessionId: 's-2', passwordChangedAt: new Date() } })),
    ).toEqual({
      userId: 'u-2',
    });
  });

  it('names a relay and its action on relay routes only, and leaves out what is not well formed', () => {
    expect(
      requestLogFields(
        request({ params: { id: '12', actionId: '7' }, route: { path: '/api/relays/:id/actions/test/:actionId' } }),
      ),
    ).toEqual({ relayId: 12, relayActionId: 7 });
    expect(
      requestLogFields(request({ params: { id: '12' }, route: { path: '/api/notifications/:id/resolve' } })),
    ).toEqual({});
    expect(
      requestLogFields(
        request({ params: { hwaddr: 'not-a-mac', networkId: '100', id: 'x' }, route: { path: '/api/relays/:id' } }),
      ),
    ).toEqual({});
  });
});
