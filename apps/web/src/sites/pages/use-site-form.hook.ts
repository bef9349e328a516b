import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/app-hooks';
import { selectSiteForm } from '../sites.selectors';
import { siteFormReset, type SiteFormId } from '../sites.slice';

/** A site form starts clean each time its screen opens and reports its own request's progress. */
export function useSiteForm(form: SiteFormId) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(siteFormReset(form));
  }, [dispatch, form]);
  return useAppSelector((state) => selectSiteForm(state, form));
}
