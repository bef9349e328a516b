import { TEST_MODE_DURATIONS } from '@app/contracts';
import { testModeDurationLabel } from './test-mode-duration.util';

describe('testModeDurationLabel', () => {
  it('names each offered duration in minutes or hours', () => {
    expect(TEST_MODE_DURATIONS.map(testModeDurationLabel)).toEqual([
      '15 minutes',
      '30 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
      '8 hours',
    ]);
    expect(testModeDurationLabel(90)).toBe('90 minutes');
  });
});
