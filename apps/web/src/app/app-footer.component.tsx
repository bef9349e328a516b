import { BUILD_STAMP, HELP_LINK, PRIVACY_LINK, PROVIDER_NAME } from './product.constants';

export function AppFooter({ showCopyright = false }: { showCopyright?: boolean }) {
  return (
    <footer className="app-footer">
      {showCopyright && (
        <span className="app-footer__copyright">
          © {new Date().getFullYear()} {PROVIDER_NAME}
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
