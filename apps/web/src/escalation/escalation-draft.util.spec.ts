import { DEFAULT_ESCALATION_POLICY, ESCALATION_LIMITS, ESCALATION_MESSAGES } from '@app/contracts';
import { DEFAULT_LATER_STEPS, draftOf, draftProblem, nextStep, sameSteps, settingsOf } from './escalation-draft.util';

describe('escalation steps as edited', () => {
  it("takes a policy's later steps, step 1 left out, with the minutes as text", () => {
    expect(DEFAULT_LATER_STEPS).toEqual([{ minutes: '5', audience: 'everyone' }]);
    expect(
      draftOf([
        DEFAULT_ESCALATION_POLICY[0],
        { step: 2, afterMinutes: 2, audience: 'opted-in' },
        { step: 3, afterMinutes: 10, audience: 'everyone' },
      ]),
    ).toEqual([
      { minutes: '2', audience: 'opted-in' },
      { minutes: '10', audience: 'everyone' },
    ]);
  });

  it('sends the typed minutes as numbers, an empty field as one the rules refuse', () => {
    expect(
      settingsOf([
        { minutes: ' 15 ', audience: 'everyone' },
        { minutes: '', audience: 'opted-in' },
      ]),
    ).toEqual([
      { afterMinutes: 15, audience: 'everyone' },
      { afterMinutes: Number.NaN, audience: 'opted-in' },
    ]);
    expect(draftProblem([{ minutes: '', audience: 'everyone' }])).toEqual({
      text: ESCALATION_MESSAGES.minutes,
      index: 0,
    });
  });

  it("names the API's refusal and the first step at fault", () => {
    expect(draftProblem([])).toBeNull();
    expect(
      draftProblem([
        { minutes: '2', audience: 'opted-in' },
        { minutes: '10', audience: 'everyone' },
      ]),
    ).toBeNull();
    expect(
      draftProblem([
        { minutes: '10', audience: 'opted-in' },
        { minutes: '2', audience: 'everyone' },
        { minutes: '1', audience: 'everyone' },
      ]),
    ).toEqual({ text: ESCALATION_MESSAGES.order, index: 1 });
    expect(draftProblem([{ minutes: '1441', audience: 'everyone' }])).toEqual({
      text: ESCALATION_MESSAGES.minutes,
      index: 0,
    });
    expect(draftProblem([{ minutes: '2.5', audience: 'everyone' }])?.index).toBe(0);
    const tooMany = Array.from({ length: ESCALATION_LIMITS.steps + 1 }, (_, at) => ({
      minutes: String(at + 1),
      audience: 'everyone' as const,
    }));
    expect(draftProblem(tooMany)).toEqual({ text: ESCALATION_MESSAGES.tooManySteps, index: null });
  });

  it('compares steps by what would be sent', () => {
    expect(sameSteps([{ minutes: '05', audience: 'everyone' }], DEFAULT_LATER_STEPS)).toBe(true);
    expect(sameSteps([{ minutes: '5', audience: 'opted-in' }], DEFAULT_LATER_STEPS)).toBe(false);
    expect(sameSteps([], DEFAULT_LATER_STEPS)).toBe(false);
    expect(sameSteps([{ minutes: '', audience: 'everyone' }], [{ minutes: '', audience: 'everyone' }])).toBe(false);
  });

  it('adds a step 5 minutes after the last, to everyone, within the limit of minutes', () => {
    expect(nextStep([])).toEqual({ minutes: '5', audience: 'everyone' });
    expect(nextStep([{ minutes: '12', audience: 'opted-in' }])).toEqual({ minutes: '17', audience: 'everyone' });
    expect(nextStep([{ minutes: '1438', audience: 'everyone' }]).minutes).toBe(String(ESCALATION_LIMITS.maxMinutes));
    expect(nextStep([{ minutes: '', audience: 'everyone' }]).minutes).toBe('');
  });
});
