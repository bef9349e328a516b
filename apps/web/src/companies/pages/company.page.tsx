import { useCallback } from 'react';
import { Alert } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../shared/page-header.component';
import { useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { COMPANIES_TEXT, COMPANY_TEXT } from '../companies-messages.constants';
import { selectCompanyView } from '../companies.selectors';
import { companyPageOpened } from '../companies.slice';
import { CompanyActivity } from './company-activity.component';
import { CompanyInvitations } from './company-invitations.component';
import { CompanyMembers } from './company-members.component';
import { CompanySettings } from './company-settings.component';
import { CompanySites } from './company-sites.component';
import { InviteForm } from './invite-form.component';

/**
 * One company (docs/access.md, "Teams"): its settings, members, pending invitations, sites and
 * activity. What the user's role does not allow is not shown.
 */
export function CompanyPage() {
  const { id = '' } = useParams();
  const open = useCallback(() => companyPageOpened(id), [id]);
  // False until the opening has reset the store: another company's or an earlier visit's state never shows.
  const opened = useSectionOpened(open);
  const view = useAppSelector(selectCompanyView);

  if (opened && view.left) return <Navigate to="/companies" />;

  const shown = opened && !view.loading && view.role !== null;
  return (
    <>
      <PageHeader
        crumbs={[{ label: COMPANIES_TEXT.title, to: '/companies' }, ...(shown ? [{ label: view.name }] : [])]}
        title={shown ? view.name : COMPANIES_TEXT.title}
        subtitle={shown ? view.roleText : undefined}
      />
      {opened && view.loading && <p className="text-muted">{COMPANY_TEXT.loading}</p>}
      {opened && view.error && (
        <Alert variant="danger" role="alert">
          {view.error}
        </Alert>
      )}
      {shown && (
        <>
          {view.isAdmin ? (
            <CompanySettings id={id} name={view.name} requireTwoFactor={view.requireTwoFactor} />
          ) : (
            view.requireTwoFactor && <p className="text-muted">{COMPANY_TEXT.requiresTwoFactor}</p>
          )}
          <CompanyMembers id={id} isAdmin={view.isAdmin} />
          {view.isAdmin && (
            <>
              <CompanyInvitations id={id} />
              <InviteForm id={id} />
            </>
          )}
          <CompanySites id={id} isAdmin={view.isAdmin} canAddSites={view.canAddSites} />
          {view.isAdmin && <CompanyActivity />}
        </>
      )}
    </>
  );
}
