import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { TWO_FACTOR_TEXT } from '../two-factor-messages.constants';
import { selectEnrolmentShown, selectTwoFactor } from '../two-factor.selectors';
import { enrolmentCancelled, enrolmentConfirmRequested } from '../two-factor.slice';
import { CodeForm } from './code-form.component';

/** A new key: its QR code and the key itself, then its first code turns two-factor sign-in on. */
export function TwoFactorEnrolmentView() {
  const dispatch = useAppDispatch();
  const { request } = useAppSelector(selectTwoFactor);
  const enrolment = useAppSelector(selectEnrolmentShown);
  if (!enrolment) return null;

  return (
    <>
      <p>{TWO_FACTOR_TEXT.enrol}</p>
      <img className="two-factor__qr mb-3" alt={TWO_FACTOR_TEXT.qrAlt} src={enrolment.qrSrc} width={200} height={200} />
      <p>
        Key: {/* Grouped for reading; the key as given stays in data-secret for copying and tests. */}
        <code data-testid="two-factor-secret" data-secret={enrolment.secret}>
          {enrolment.secretInGroups}
        </code>
      </p>
      <CodeForm
        id="two-factor-confirm-code"
        label="Code"
        submitLabel="Confirm"
        pending={request.pending}
        onCode={(code) => dispatch(enrolmentConfirmRequested(code))}
      >
        <Button variant="outline-secondary" disabled={request.pending} onClick={() => dispatch(enrolmentCancelled())}>
          Cancel
        </Button>
      </CodeForm>
    </>
  );
}
