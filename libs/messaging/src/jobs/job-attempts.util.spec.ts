import { currentAttempt, isLastAttempt } from './job-attempts.util';

describe('job attempts', () => {
  it('counts the try under way, and knows the last of them', () => {
    expect(currentAttempt({ attemptsMade: 0 })).toBe(1);
    expect(isLastAttempt({ attemptsMade: 0, opts: { attempts: 3 } })).toBe(false);
    expect(isLastAttempt({ attemptsMade: 1, opts: { attempts: 3 } })).toBe(false);
    expect(isLastAttempt({ attemptsMade: 2, opts: { attempts: 3 } })).toBe(true);
    // A job added without attempts has one try.
    expect(isLastAttempt({ attemptsMade: 0, opts: {} })).toBe(true);
  });
});
