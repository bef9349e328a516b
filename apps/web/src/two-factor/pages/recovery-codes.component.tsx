import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { TWO_FACTOR_TEXT } from '../two-factor-messages.constants';
import { selectTwoFactor } from '../two-factor.selectors';
import { recoveryCodesSaved } from '../two-factor.slice';

/** Just turned on: the recovery codes, shown this once (the API keeps only their hashes). */
export function RecoveryCodesView() {
  const dispatch = useAppDispatch();
  const { recoveryCodes } = useAppSelector(selectTwoFactor);
  return (
    <>
      <p>{TWO_FACTOR_TEXT.recoveryCodes}</p>
      <ul className="two-factor__codes">
        {(recoveryCodes ?? []).map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={() => dispatch(recoveryCodesSaved())}>I have saved them</Button>
    </>
  );
}
