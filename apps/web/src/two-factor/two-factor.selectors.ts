import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { keyInGroups } from './key-groups.util';
import { twoFactorRequiredText } from './two-factor-messages.constants';
import { svgDataUrl } from './svg-data-url.util';

export const selectTwoFactor = (state: RootState) => state.twoFactor;

export type TwoFactorView = 'loading' | 'failed' | 'off' | 'enrolling' | 'recoveryCodes' | 'on';

/** What the section shows: the codes just given, then a key being set up, then the saved setting. */
export const selectTwoFactorView = createSelector(
  selectTwoFactor,
  ({ status, loadError, enrolment, recoveryCodes }): TwoFactorView => {
    if (recoveryCodes !== null) return 'recoveryCodes';
    if (enrolment !== null) return 'enrolling';
    if (status === null) return loadError === null ? 'loading' : 'failed';
    return status.enabled ? 'on' : 'off';
  },
);

/** The key being set up, ready to show: its QR code as an image address, and the key grouped for reading. */
export const selectEnrolmentShown = createSelector(
  (state: RootState) => state.twoFactor.enrolment,
  (enrolment) =>
    enrolment && {
      qrSrc: svgDataUrl(enrolment.qrSvg),
      secret: enrolment.secret,
      secretInGroups: keyInGroups(enrolment.secret),
    },
);

/**
 * My Account's notice above the section: the companies that require two-factor sign-in while it is
 * off, as the section read it; null otherwise.
 */
export const selectTwoFactorRequiredNotice = createSelector(
  (state: RootState) => state.twoFactor.status,
  (status): string | null =>
    status && !status.enabled && status.requiredBy && status.requiredBy.length > 0
      ? twoFactorRequiredText(status.requiredBy)
      : null,
);

/** The user is to be sent to My Account (see TwoFactorState.sendToAccount). */
export const selectSendToAccount = (state: RootState) => state.twoFactor.sendToAccount;
