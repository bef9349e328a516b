import { selectProviderName } from '../auth/auth.selectors';
import { useAppSelector } from '../shared/store-hooks';
import { BUILD_STAMP, HELP_LINK, PRIVACY_LINK } from '../shared/product.constants';

export function AppFooter({ showCopyright = false }: { showCopyright?: boolean }) {
  // The copyright names the company providing the service (configured), not the product.
  const provider = useAppSelector(selectProviderName);
  return (
    <footer className="app-footer">
      {showCopyright && provider && (
        <span className="app-footer__copyright">
          © {new Date().getFullYear()} {provider}
        </span>
      )}
      <span className="app-footer__stamp">Build {BUILD_STAMP}</span>
      <nav className="app-footer__links">
        <a href={PRIVACY_LINK}>Privacy Policy</a>
        <a href={HELP_LINK}>Help</a>
      </nav>
    </footer>
  );
}
