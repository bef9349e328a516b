import { PageHeader } from '../shell/page-header.component';
import { SystemStatusBox } from '../system/pages/system-status-box.component';

export function HelpPage() {
  return (
    <>
      <PageHeader crumbs={[{ label: 'Help' }]} title="Help" subtitle="How to reach support" />
      <p>For help with the portal or your panels, contact our support team.</p>
      <ul>
        <li>Phone: {'{phone}'}</li>
        <li>Email: {'{email}'}</li>
        <li>Address: our registered postal address</li>
      </ul>
      <SystemStatusBox />
    </>
  );
}
