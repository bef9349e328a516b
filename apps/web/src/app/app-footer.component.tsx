import { BUILD_STAMP, HELP_LINK, PRIVACY_LINK } from './product.constants';

export function AppFooter() {
  return (
    <footer className="app-footer">
      <span className="app-footer__stamp">Build {BUILD_STAMP}</span>
      <nav className="app-footer__links">
        <a href={PRIVACY_LINK}>Privacy Policy</a>
        <a href={HELP_LINK}>Help</a>
      </nav>
    </footer>
  );
}
