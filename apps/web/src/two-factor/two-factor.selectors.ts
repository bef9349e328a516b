import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { keyInGroups } from './key-groups.util';
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
