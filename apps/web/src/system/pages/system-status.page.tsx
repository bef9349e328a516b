import { PRODUCT_NAME } from '../../app/product.constants';
import { SystemStatusBox } from './system-status-box.component';

export function SystemStatusPage() {
  return (
    <section className="status-page">
      <h1 className="status-page__title">{PRODUCT_NAME}</h1>
      <p className="status-page__notice">The sign-in and site screens are not available in this version.</p>
      <SystemStatusBox />
    </section>
  );
}
