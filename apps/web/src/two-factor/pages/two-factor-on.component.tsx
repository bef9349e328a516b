import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { TWO_FACTOR_TEXT, recoveryCodesLeftText } from '../two-factor-messages.constants';
import { selectTwoFactor } from '../two-factor.selectors';
import { turnOffRequested } from '../two-factor.slice';
import { CodeForm } from './code-form.component';

/** On: how many recovery codes are left, and turning it off with a code. */
export function TwoFactorOn() {
  const dispatch = useAppDispatch();
  const { status, request } = useAppSelector(selectTwoFactor);
  return (
    <>
      <p className="mb-1">{TWO_FACTOR_TEXT.on}</p>
      <p>{recoveryCodesLeftText(status?.recoveryCodesLeft ?? 0)}</p>
      <CodeForm
        id="two-factor-off-code"
        label="Code to turn it off"
        submitLabel="Turn off"
        submitVariant="outline-danger"
        pending={request.pending}
        onCode={(code) => dispatch(turnOffRequested(code))}
      />
    </>
  );
}
