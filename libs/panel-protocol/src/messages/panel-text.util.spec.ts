import { textContentProblem } from '@app/contracts';
import { truncateText } from './panel-text.util';

describe('truncateText', () => {
  it('keeps a short text and cuts a long one', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcdef', 4)).toBe('abcd');
  });

  it('never leaves half a surrogate pair', () => {
    const cut = truncateText('ab\ud83d\udd25', 3);
    expect(cut).toBe('ab');
    expect(textContentProblem(cut)).toBeNull();
    expect(truncateText('ab\ud83d\udd25', 4)).toBe('ab\ud83d\udd25');
  });
});
