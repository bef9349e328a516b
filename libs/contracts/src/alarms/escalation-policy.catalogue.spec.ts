import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_MESSAGES,
  escalationChannelsText,
  escalationPolicyOf,
  escalationStepsProblem,
  escalationStepTakenText,
} from './escalation-policy.catalogue';

describe('escalation steps and their channels', () => {
  it('gives a step stored or asked for without channels e-mail and push, and keeps the catalogue order', () => {
    expect(
      escalationPolicyOf([
        { afterMinutes: 5, audience: 'everyone' },
        { afterMinutes: 15, audience: 'opted-in', channels: ['webhook', 'email'] },
      ]),
    ).toEqual([
      DEFAULT_ESCALATION_POLICY[0],
      { step: 2, afterMinutes: 5, audience: 'everyone', people: [], channels: ['email', 'push'] },
      { step: 3, afterMinutes: 15, audience: 'opted-in', people: [], channels: ['email', 'webhook'] },
    ]);
  });

  it('refuses no channel, an unknown one and one named twice', () => {
    const step = { afterMinutes: 5, audience: 'everyone' as const };
    expect(escalationStepsProblem([{ ...step, channels: ['push'] }])).toBeNull();
    expect(escalationStepsProblem([step])).toBeNull();
    for (const channels of [[], ['sms'], ['push', 'push']])
      expect(escalationStepsProblem([{ ...step, channels: channels as never }])).toBe(ESCALATION_MESSAGES.channels);
  });

  it("names people only in a 'people' step, each once, at most the limit", () => {
    const id = (n: number) => `6f1c2a3b-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const step = { afterMinutes: 5, audience: 'people' as const };
    expect(escalationStepsProblem([{ ...step, people: [id(1), id(2)] }])).toBeNull();
    for (const people of [[], undefined, ['bob'], [id(1), id(1)], Array.from({ length: 21 }, (_, n) => id(n))])
      expect(escalationStepsProblem([{ ...step, people }])).toBe(ESCALATION_MESSAGES.people);
    expect(escalationStepsProblem([{ afterMinutes: 5, audience: 'everyone', people: [id(1)] }])).toBe(
      ESCALATION_MESSAGES.people,
    );
    expect(escalationPolicyOf([{ afterMinutes: 5, audience: 'everyone', people: [] }])[1].people).toEqual([]);
  });

  it('names the channels and a step taken as people read them', () => {
    expect(escalationChannelsText(['email'])).toBe('e-mail');
    expect(escalationChannelsText(['email', 'push', 'webhook'])).toBe("e-mail, push and the site's webhook");
    expect(escalationStepTakenText({ step: 2, audience: 'everyone', channels: ['email', 'push'], recipients: 3 })).toBe(
      'Step 2: e-mail and push to everyone with access (3)',
    );
    expect(escalationStepTakenText({ step: 3, audience: 'opted-in', channels: ['webhook'], recipients: 0 })).toBe(
      "Step 3: the site's webhook",
    );
  });
});
