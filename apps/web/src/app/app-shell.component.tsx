import { Outlet } from 'react-router';
import { AppFooter } from './app-footer.component';

/** Full-page frame of the signed-out screens: the routed page above, the footer below. */
export function AppShell() {
  return (
    <div className="app-shell">
      <main className="app-shell__main">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
