import type { AccountActivity } from '@app/contracts';
import { browserName } from '../shared/browser-name.util';
import {
  ACCOUNT_ACTIVITY_TEXT,
  otherSessionsEndedText,
  recoveryCodeUsedText,
  sessionEndedText,
} from './account-activity-messages.constants';

/** What one entry of the account's activity says happened, from its kind and detail. */
export function activityText(entry: AccountActivity): string {
  switch (entry.kind) {
    case 'two-factor-on':
      return ACCOUNT_ACTIVITY_TEXT.twoFactorOn;
    case 'two-factor-off':
      return ACCOUNT_ACTIVITY_TEXT.twoFactorOff;
    case 'recovery-code-used':
      return recoveryCodeUsedText(entry.detail);
    case 'session-ended':
      return sessionEndedText(browserName(entry.detail));
    case 'other-sessions-ended':
      return otherSessionsEndedText(entry.detail);
    case 'password-reset':
      return ACCOUNT_ACTIVITY_TEXT.passwordReset;
    default: {
      // A kind added to the contracts without its text here does not compile.
      const unknown: never = entry.kind;
      return String(unknown);
    }
  }
}
