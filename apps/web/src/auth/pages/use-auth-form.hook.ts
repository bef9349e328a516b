import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectAuthForm } from '../auth.selectors';
import { authFormReset, type AuthFormId } from '../auth.slice';

/** A sign-in form starts clean each time its screen opens and reports only its own request's progress. */
export function useAuthForm(form: AuthFormId) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(authFormReset(form));
  }, [dispatch, form]);
  return useAppSelector((state) => selectAuthForm(state, form));
}
