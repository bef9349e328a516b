import { HandClock } from '@app/testing';
import { AuthConfig, AuthRateLimitConfig, WrongKeyLimitConfig } from './auth.config';
import { passwordChangedSince } from './password-change.util';
import { TokenService } from './token.service';

describe('tokens against password changes', () => {
  const config = new AuthConfig(
    'fire-alarm-portal-api',
    'password-change-spec-secret-0123456789ab',
    3600,
    3600,
    3600,
    new AuthRateLimitConfig(900, 50, 10),
    new WrongKeyLimitConfig(900, 5, 20),
  );
  const clock = new HandClock(Date.parse('2026-11-21T10:00:00.100Z'));
  const tokens = new TokenService(config, clock);
  const registered = { id: 'user-1', passwordChangedAt: new Date('2026-11-01T09:00:00.000Z') };

  it('voids a token signed in the same second as the change, just before it, and keeps one signed just after', async () => {
    const before = await tokens.verify(await tokens.signClaims(registered, [], 'session-1'), 'claims');
    const changed = { ...registered, passwordChangedAt: new Date('2026-11-21T10:00:00.700Z') };
    clock.atMs = Date.parse('2026-11-21T10:00:00.900Z');
    const after = await tokens.verify(await tokens.signClaims(changed, [], 'session-1'), 'claims');

    expect(before.iat).toBe(after.iat); // iat alone cannot tell them apart
    expect(passwordChangedSince(changed, before)).toBe(true);
    expect(passwordChangedSince(changed, after)).toBe(false);
    expect(passwordChangedSince(registered, before)).toBe(false);
  });
});
