import { useEffect, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { MESSAGES, isNormalisedHwaddr, isWaiting } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectSitesLoaded, selectSiteSummary } from '../sites.selectors';
import { PageHeader } from '../../shared/page-header.component';
import { claimRemoveRequested, siteKeyUpdateRequested, sitesLoadRequested } from '../sites.slice';
import { ClaimFormMissing } from './claim-form-missing.component';
import { PanelCredentialFields } from './panel-credential-fields.component';
import { usePanelCredentials } from './use-panel-credentials.hook';
import { useSiteForm } from './use-site-form.hook';

/** Update key (spec 2.7): /site/reauth/{hwaddr}, or /site/reauth asking for the MAC too. */
export function UpdateKeyPage() {
  const dispatch = useAppDispatch();
  const form = useSiteForm('updateKey');
  const removal = useSiteForm('removeSite');
  const { hwaddr: routed } = useParams();
  const credentials = usePanelCredentials(routed);
  const { hwaddr, claim } = credentials;
  const waiting = useAppSelector(
    (state) => routed !== undefined && isWaiting(selectSiteSummary(state, routed)?.status),
  );
  // Opened from a link or a bookmark, the sites are read to know whether this one waits for its panel
  // (from the Site Manager they are read already).
  const sitesLoaded = useAppSelector(selectSitesLoaded);
  useEffect(() => {
    if (routed !== undefined && !sitesLoaded) dispatch(sitesLoadRequested());
  }, [dispatch, routed, sitesLoaded]);

  if (routed !== undefined && !isNormalisedHwaddr(routed)) return <Navigate to="/" replace />;
  // A waiting key is saved too: home, where the tile says what the panel still needs.
  if (form.done || removal.done) return <Navigate to="/" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (claim) dispatch(siteKeyUpdateRequested(claim));
  };
  const remove = () => {
    if (hwaddr && window.confirm(MESSAGES.confirmRemovePanel)) dispatch(claimRemoveRequested({ hwaddr }));
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Update Key' }]}
        title="Update Key"
        subtitle="Re-enter the panel's admin password"
      />
      {form.error && (
        <Alert variant="danger" role="alert">
          {form.error}
        </Alert>
      )}
      {waiting && (
        <Alert variant="info" role="note" className="update-key-waiting" data-testid="update-key-waiting">
          <Alert.Heading as="h2" className="h6">
            The panel has not connected to the portal yet
          </Alert.Heading>
          Its key is checked the moment it connects: nothing needs re-entering unless the key was wrong. To make it
          connect, enable the panel's connection under Network &gt; Cloud on the panel, or trigger an event on it (the
          panel then reports to the portal, and the site shows Authorised).
        </Alert>
      )}
      {removal.error && (
        <Alert variant="danger" role="alert">
          {removal.error}
        </Alert>
      )}
      <Form onSubmit={submit} className="narrow-form">
        <PanelCredentialFields idPrefix="reauth" credentials={credentials} />
        <div className="d-flex gap-2">
          <Button type="submit" disabled={!claim || form.pending || removal.pending}>
            Update
          </Button>
          <Button variant="danger" onClick={remove} disabled={!hwaddr || form.pending || removal.pending}>
            Remove
          </Button>
        </div>
        <ClaimFormMissing credentials={credentials} />
      </Form>
    </>
  );
}
