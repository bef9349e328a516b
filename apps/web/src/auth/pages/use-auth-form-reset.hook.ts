import { useEffect } from 'react';
import { useAppDispatch } from '../../app/app-hooks';
import { authFormReset } from '../auth.slice';

/** Each sign-in screen starts without the error or notice of the previous one. */
export function useAuthFormReset(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(authFormReset());
  }, [dispatch]);
}
