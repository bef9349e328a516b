import type { AccountActivity, AccountActivityKind } from '@app/contracts';
import { activityText } from './activity-text.util';

const entry = (kind: AccountActivityKind, detail = ''): AccountActivity => ({
  at: '2025-05-02T08:15:00.000Z',
  kind,
  address: '203.0.113.7',
  detail,
});

describe('activityText', () => {
  it.each<[AccountActivityKind, string, string]>([
    ['two-factor-on', '', 'Two-factor sign-in turned on'],
    ['two-factor-off', '', 'Two-factor sign-in turned off'],
    ['recovery-code-used', '7', 'Recovery code used (7 left)'],
    ['recovery-code-used', '0', 'Recovery code used (0 left)'],
    [
      'session-ended',
      'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Signed out Firefox on Linux',
    ],
    [
      'session-ended',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Signed out Safari on iPhone',
    ],
    ['session-ended', 'curl/8.5.0', 'Signed out Unknown browser'],
    ['other-sessions-ended', '1', 'Signed out 1 other browser'],
    ['other-sessions-ended', '3', 'Signed out 3 other browsers'],
    ['other-sessions-ended', '0', 'Signed out 0 other browsers'],
    ['password-reset', '', 'Password reset'],
  ])('%s (%s): %s', (kind, detail, text) => {
    expect(activityText(entry(kind, detail))).toBe(text);
  });
});
