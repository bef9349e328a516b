import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { requestIdle } from '../../shared/request-status';
import { selectSiteForm } from '../sites.selectors';
import { siteFormReset, type SiteFormId } from '../sites.slice';

/** A site form starts clean each time its screen opens and reports its own request's progress. */
export function useSiteForm(form: SiteFormId) {
  const dispatch = useAppDispatch();
  // Until the reset has run, the store may still hold an earlier visit's outcome: a success there
  // would send the page straight home again, so this visit reads idle until then.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    dispatch(siteFormReset(form));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
  }, [dispatch, form]);
  const status = useAppSelector((state) => selectSiteForm(state, form));
  return opened ? status : requestIdle;
}
