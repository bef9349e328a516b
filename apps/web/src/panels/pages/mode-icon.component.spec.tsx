import { cleanup, render } from '@testing-library/react';
import { MODES, type Mode } from '@app/contracts';
import { ModeIcon } from './mode-icon.component';

describe('mode icons (spec 2.14)', () => {
  afterEach(cleanup);

  it('shows a tick when enabled, a warning when input or output is disabled, a cross when both are, a spanner in test, nothing for none', () => {
    const iconOf = (mode: Mode) => {
      const { container, unmount } = render(<ModeIcon mode={mode} />);
      const icon = container.querySelector('[data-icon]');
      const result = icon ? `${icon.getAttribute('data-icon')} (${icon.getAttribute('aria-label')})` : null;
      unmount();
      return result;
    };
    expect(Object.fromEntries(MODES.map((mode) => [mode, iconOf(mode)]))).toEqual({
      MODE_NONE: null,
      MODE_ENABLED: 'tick (Enabled)',
      MODE_INPUT_DISABLED: 'warning (Input disabled)',
      MODE_OUTPUT_DISABLED: 'warning (Output disabled)',
      MODE_BOTH_DISABLED: 'cross (Disabled)',
      MODE_TEST_INPUT: 'spanner (Test input)',
      MODE_TEST_INPUT_OUTPUT: 'spanner (Test input/output)',
    });
  });
});
