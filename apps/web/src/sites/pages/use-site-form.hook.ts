import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/app-hooks';
import { selectSiteForm } from '../sites.selectors';
import { siteFormReset } from '../sites.slice';

/** A site form starts clean each time its screen opens and reports its progress. */
export function useSiteForm() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(siteFormReset());
  }, [dispatch]);
  return useAppSelector(selectSiteForm);
}
