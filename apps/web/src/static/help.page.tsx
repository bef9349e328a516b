import { useAppSelector } from '../shared/store-hooks';
import { selectIsSignedIn, selectSupportContact } from '../auth/auth.selectors';
import { PageHeader } from '../shared/page-header.component';
import { SystemStatusBox } from '../system/pages/system-status-box.component';

/** Help (spec 2.19): the provider's support contact, from the API's configuration. */
export function HelpPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const contact = useAppSelector(selectSupportContact);
  const known = contact.phone || contact.email || contact.address;
  return (
    <>
      <PageHeader crumbs={[{ label: 'Help' }]} title="Help" subtitle="How to reach support" />
      <p>For help with the portal or your panels, contact our support team.</p>
      {known ? (
        <dl className="support-contact">
          {contact.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
              </dd>
            </>
          )}
          {contact.email && (
            <>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </>
          )}
          {contact.address && (
            <>
              <dt>Postal address</dt>
              <dd className="support-contact__address">{contact.address}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="text-muted">The support contact could not be loaded; please try again later.</p>
      )}
      {/* The system's internal state is for signed-in users only. */}
      {signedIn && <SystemStatusBox />}
    </>
  );
}
