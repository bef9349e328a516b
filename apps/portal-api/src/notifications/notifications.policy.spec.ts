import { DomainError } from '@app/platform';
import { assertMayResolveNotification } from './notifications.policy';

function refusal(work: () => void): { kind: string; err: string } | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, err: error.err };
  }
}

describe('who may resolve a notification', () => {
  it("is every user of the site for a site's notification, and its user alone for a user's", () => {
    expect(refusal(() => assertMayResolveNotification({ userId: null }, 'u1'))).toBeNull();
    expect(refusal(() => assertMayResolveNotification({ userId: 'u1' }, 'u1'))).toBeNull();
  });

  it("answers another user's notification, or none, as not found", () => {
    const notFound = { kind: 'not-found', err: 'Notification not found' };
    expect(refusal(() => assertMayResolveNotification({ userId: 'u2' }, 'u1'))).toEqual(notFound);
    expect(refusal(() => assertMayResolveNotification(null, 'u1'))).toEqual(notFound);
  });
});
