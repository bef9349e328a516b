import { DEFAULT_ESCALATION_POLICY, type SiteEscalationPolicy } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { selectEscalationOrigin } from './escalation.selectors';
import { escalationLoaded } from './escalation.slice';

const hwaddr = '0011aabbcc51';
const own: SiteEscalationPolicy = {
  steps: [
    DEFAULT_ESCALATION_POLICY[0],
    { step: 2, afterMinutes: 10, audience: 'everyone', people: [], channels: ['email', 'push'] },
  ],
  isDefault: false,
  updatedBy: 'Ann Smith',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

const originOf = (policy: SiteEscalationPolicy) =>
  selectEscalationOrigin(rootReducer(undefined, escalationLoaded({ hwaddr, policy, people: [] })), hwaddr);

describe("whose a site's escalation policy is", () => {
  it('says nothing until the policy is answered', () => {
    expect(selectEscalationOrigin(rootReducer(undefined, { type: 'init' }), hwaddr)).toBeNull();
  });

  it("names the default, else who set the site's own and when (UTC)", () => {
    expect(originOf({ steps: [...DEFAULT_ESCALATION_POLICY], isDefault: true, updatedBy: null, updatedAt: null })).toBe(
      'Default policy',
    );
    expect(originOf(own)).toBe('Set by Ann Smith on 01/05/2026 10:00:00 UTC');
    expect(originOf({ ...own, updatedBy: '' })).toBe('Set by a user on 01/05/2026 10:00:00 UTC');
  });
});
