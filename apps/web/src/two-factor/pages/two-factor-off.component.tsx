import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { TWO_FACTOR_TEXT } from '../two-factor-messages.constants';
import { selectTwoFactor } from '../two-factor.selectors';
import { turnOnRequested } from '../two-factor.slice';

/** Off: Turn on asks the API for a new key. */
export function TwoFactorOff() {
  const dispatch = useAppDispatch();
  const { request } = useAppSelector(selectTwoFactor);
  return (
    <>
      <p>{TWO_FACTOR_TEXT.off}</p>
      <Button disabled={request.pending} onClick={() => dispatch(turnOnRequested())}>
        Turn on
      </Button>
    </>
  );
}
