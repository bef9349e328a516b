import { useEffect, useState } from 'react';
import type { SiteAccess } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { accessLineText, SITE_ACCESS_TEXT } from '../site-access-messages.constants';
import { selectSiteAccessView } from '../site-access.selectors';
import { siteAccessSectionClosed, siteAccessSectionOpened } from '../site-access.slice';
import { AccessActivityList } from './access-activity-list.component';
import { SiteInvitationsTable, SitePeopleTable } from './site-access-tables.component';
import { SiteInviteForm } from './site-invite-form.component';

/**
 * Site Configuration's 'Who has access' (docs/access.md, "Teams"): to a holder of the panel key
 * (the share right), everyone who reaches the site, the invitations waiting, a form to invite
 * someone and the access activity; to anyone else, one line saying how they reach it. `access` is
 * the user's own, given by the sites domain, which shows this section.
 */
export function SiteAccessSection({ hwaddr, access }: { hwaddr: string; access: SiteAccess }) {
  if (!access.rights.includes('share')) {
    return <p className="site-access-line">{accessLineText(access.via, access.role, access.companyName)}</p>;
  }
  return <SiteAccessManager hwaddr={hwaddr} />;
}

function SiteAccessManager({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const { loading, listed, busy, loadError, change } = useAppSelector(selectSiteAccessView);
  // Until the opening has reset the store, an earlier visit's list or outcome would show.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dispatch(siteAccessSectionOpened(hwaddr));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
    return () => {
      dispatch(siteAccessSectionClosed(hwaddr));
    };
  }, [dispatch, hwaddr]);

  return (
    <section className="site-access mb-4" aria-labelledby="site-access-title">
      <h2 id="site-access-title" className="h5">
        {SITE_ACCESS_TEXT.title}
      </h2>
      <p className="text-muted small">{SITE_ACCESS_TEXT.intro}</p>
      {!opened ? null : (
        <>
          {loading && <p className="text-muted">{SITE_ACCESS_TEXT.loading}</p>}
          {loadError && (
            <p className="text-danger" role="alert">
              {loadError}
            </p>
          )}
          {listed && (
            <>
              <SitePeopleTable hwaddr={hwaddr} busy={busy} />
              <SiteInvitationsTable hwaddr={hwaddr} busy={busy} />
              {change.error && (
                <p className="text-danger" role="alert">
                  {change.error}
                </p>
              )}
              <SiteInviteForm hwaddr={hwaddr} busy={busy} />
            </>
          )}
          <AccessActivityList />
        </>
      )}
    </section>
  );
}
