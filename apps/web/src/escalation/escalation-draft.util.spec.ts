import { DEFAULT_ESCALATION_POLICY, ESCALATION_LIMITS, ESCALATION_MESSAGES } from '@app/contracts';
import {
  DEFAULT_LATER_STEPS,
  draftOf,
  draftProblem,
  nextStep,
  sameSteps,
  settingsOf,
  withChannel,
  type EscalationStepDraft,
} from './escalation-draft.util';

/** E-mail and push: a step's channels unless it says otherwise. */
const EP: EscalationStepDraft['channels'] = ['email', 'push'];

describe('escalation steps as edited', () => {
  it("takes a policy's later steps, step 1 left out, with the minutes as text", () => {
    expect(DEFAULT_LATER_STEPS).toEqual([{ minutes: '5', audience: 'everyone', people: [], channels: EP }]);
    expect(
      draftOf([
        DEFAULT_ESCALATION_POLICY[0],
        { step: 2, afterMinutes: 2, audience: 'opted-in', people: [], channels: EP },
        { step: 3, afterMinutes: 10, audience: 'everyone', people: [], channels: EP },
      ]),
    ).toEqual([
      { minutes: '2', audience: 'opted-in', people: [], channels: EP },
      { minutes: '10', audience: 'everyone', people: [], channels: EP },
    ]);
  });

  it('sends the typed minutes as numbers, an empty field as one the rules refuse', () => {
    expect(
      settingsOf([
        { minutes: ' 15 ', audience: 'everyone', people: [], channels: EP },
        { minutes: '', audience: 'opted-in', people: [], channels: EP },
      ]),
    ).toEqual([
      { afterMinutes: 15, audience: 'everyone', people: [], channels: EP },
      { afterMinutes: Number.NaN, audience: 'opted-in', people: [], channels: EP },
    ]);
    expect(draftProblem([{ minutes: '', audience: 'everyone', people: [], channels: EP }])).toEqual({
      text: ESCALATION_MESSAGES.minutes,
      index: 0,
    });
  });

  it("names the API's refusal and the first step at fault", () => {
    expect(draftProblem([])).toBeNull();
    expect(
      draftProblem([
        { minutes: '2', audience: 'opted-in', people: [], channels: EP },
        { minutes: '10', audience: 'everyone', people: [], channels: EP },
      ]),
    ).toBeNull();
    expect(
      draftProblem([
        { minutes: '10', audience: 'opted-in', people: [], channels: EP },
        { minutes: '2', audience: 'everyone', people: [], channels: EP },
        { minutes: '1', audience: 'everyone', people: [], channels: EP },
      ]),
    ).toEqual({ text: ESCALATION_MESSAGES.order, index: 1 });
    expect(draftProblem([{ minutes: '1441', audience: 'everyone', people: [], channels: EP }])).toEqual({
      text: ESCALATION_MESSAGES.minutes,
      index: 0,
    });
    expect(draftProblem([{ minutes: '2.5', audience: 'everyone', people: [], channels: EP }])?.index).toBe(0);
    const tooMany = Array.from({ length: ESCALATION_LIMITS.steps + 1 }, (_, at) => ({
      minutes: String(at + 1),
      audience: 'everyone' as const,
      people: [],
      channels: EP,
    }));
    expect(draftProblem(tooMany)).toEqual({ text: ESCALATION_MESSAGES.tooManySteps, index: null });
  });

  it('compares steps by what would be sent', () => {
    expect(sameSteps([{ minutes: '05', audience: 'everyone', people: [], channels: EP }], DEFAULT_LATER_STEPS)).toBe(
      true,
    );
    expect(sameSteps([{ minutes: '5', audience: 'opted-in', people: [], channels: EP }], DEFAULT_LATER_STEPS)).toBe(
      false,
    );
    expect(sameSteps([], DEFAULT_LATER_STEPS)).toBe(false);
    expect(
      sameSteps([{ minutes: '5', audience: 'everyone', people: [], channels: ['push'] }], DEFAULT_LATER_STEPS),
    ).toBe(false);
    expect(
      sameSteps(
        [{ minutes: '', audience: 'everyone', people: [], channels: EP }],
        [{ minutes: '', audience: 'everyone', people: [], channels: EP }],
      ),
    ).toBe(false);
  });

  it('adds a step 5 minutes after the last, to everyone, within the limit of minutes', () => {
    expect(nextStep([])).toEqual({ minutes: '5', audience: 'everyone', people: [], channels: EP });
    expect(nextStep([{ minutes: '12', audience: 'opted-in', people: [], channels: EP }])).toEqual({
      minutes: '17',
      audience: 'everyone',
      people: [],
      channels: EP,
    });
    expect(nextStep([{ minutes: '1438', audience: 'everyone', people: [], channels: EP }]).minutes).toBe(
      String(ESCALATION_LIMITS.maxMinutes),
    );
    expect(nextStep([{ minutes: '', audience: 'everyone', people: [], channels: EP }]).minutes).toBe('');
  });

  it('ticks a channel on or off, keeping the catalogue order, and refuses a step with none', () => {
    const step: EscalationStepDraft = { minutes: '5', audience: 'everyone', people: [], channels: ['push'] };
    expect(withChannel(step, 'webhook', true).channels).toEqual(['push', 'webhook']);
    expect(withChannel(step, 'email', true).channels).toEqual(['email', 'push']);
    const none = withChannel(step, 'push', false);
    expect(none.channels).toEqual([]);
    expect(draftProblem([none])).toEqual({ text: ESCALATION_MESSAGES.channels, index: 0 });
  });
});
