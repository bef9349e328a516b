import { PRODUCT_VERSION } from '@app/contracts';
import { HealthRegistry } from './health.registry';

describe('HealthRegistry', () => {
  it('is ok when every dependency answers', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'database', check: async () => undefined });
    registry.register({ name: 'nats', check: async () => undefined });
    await expect(registry.report('portal-api')).resolves.toEqual({
      status: 'ok',
      app: 'portal-api',
      version: PRODUCT_VERSION,
      checks: { database: { status: 'up' }, nats: { status: 'up' } },
    });
  });

  it('names the dependency that is down and why', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'database', check: async () => undefined });
    registry.register({ name: 'redis', check: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) });
    await expect(registry.report('mailer')).resolves.toEqual({
      status: 'error',
      app: 'mailer',
      version: PRODUCT_VERSION,
      checks: { database: { status: 'up' }, redis: { status: 'down', reason: 'connect ECONNREFUSED 127.0.0.1:6379' } },
    });
  });

  it('counts a dependency that never answers as down', async () => {
    jest.useFakeTimers();
    try {
      const registry = new HealthRegistry();
      registry.register({ name: 'nats', check: () => new Promise<void>(() => undefined) });
      const report = registry.report('panel-gateway');
      await jest.advanceTimersByTimeAsync(3000);
      await expect(report).resolves.toMatchObject({
        status: 'error',
        checks: { nats: { status: 'down', reason: 'no answer within 3000 ms' } },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses two indicators of one name', () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'database', check: async () => undefined });
    expect(() => registry.register({ name: 'database', check: async () => undefined })).toThrow(
      "A health indicator named 'database' is already registered",
    );
  });
});
