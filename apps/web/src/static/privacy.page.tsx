import { PageHeader } from '../shell/page-header.component';

export function PrivacyPage() {
  return (
    <>
      <PageHeader crumbs={[{ label: 'Privacy Policy' }]} title="Privacy Policy" subtitle="Last updated April 2023" />
      <p>
        This policy explains what personal information the portal keeps about you (your name, e-mail address, company
        and telephone number, and the sites you manage) and how it is used: to let you sign in, to show you your
        panels and to send you the alerts you ask for.
      </p>
      <p>This service is not intended for children under 13 years of age.</p>
    </>
  );
}
