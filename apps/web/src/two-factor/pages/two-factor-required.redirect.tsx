import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectSendToAccount } from '../two-factor.selectors';
import { sentToAccount } from '../two-factor.slice';

/**
 * Follows the two-factor saga's finding as a session starts: a company requires two-factor sign-in
 * and it is off, so the user goes to My Account, once.
 */
export function TwoFactorRequiredRedirect() {
  const dispatch = useAppDispatch();
  const due = useAppSelector(selectSendToAccount);
  useEffect(() => {
    if (due) dispatch(sentToAccount());
  }, [dispatch, due]);
  return due ? <Navigate to="/account" /> : null;
}
