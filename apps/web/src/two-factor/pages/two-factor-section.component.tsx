import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { TWO_FACTOR_TEXT } from '../two-factor-messages.constants';
import { selectTwoFactor, selectTwoFactorView } from '../two-factor.selectors';
import { twoFactorSectionOpened } from '../two-factor.slice';
import { RecoveryCodesView } from './recovery-codes.component';
import { TwoFactorEnrolmentView } from './two-factor-enrolment.component';
import { TwoFactorOff } from './two-factor-off.component';
import { TwoFactorOn } from './two-factor-on.component';

/**
 * My Account's 'Two-factor sign-in' (docs/access.md): an authenticator app's code after the
 * password, with recovery codes for a lost phone.
 */
export function TwoFactorSection() {
  const dispatch = useAppDispatch();
  const { loadError, request } = useAppSelector(selectTwoFactor);
  const view = useAppSelector(selectTwoFactorView);
  // Until the opening has reset the store, an earlier visit's view would show.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dispatch(twoFactorSectionOpened());
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
  }, [dispatch]);

  return (
    <section className="two-factor mt-5 narrow-form" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="h5">
        {TWO_FACTOR_TEXT.title}
      </h2>
      {!opened ? null : view === 'loading' ? (
        <p className="text-muted">{TWO_FACTOR_TEXT.loading}</p>
      ) : view === 'failed' ? (
        <Alert variant="danger" role="alert">
          {loadError}
        </Alert>
      ) : (
        <>
          {view === 'off' && <TwoFactorOff />}
          {view === 'enrolling' && <TwoFactorEnrolmentView />}
          {view === 'recoveryCodes' && <RecoveryCodesView />}
          {view === 'on' && <TwoFactorOn />}
          {request.error && (
            <Alert variant="danger" role="alert" className="mt-3">
              {request.error}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
