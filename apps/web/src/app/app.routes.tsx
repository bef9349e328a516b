import type { RouteObject } from 'react-router';
import { SystemStatusPage } from '../system/pages/system-status.page';
import { AppShell } from './app-shell.component';

/** Until the sign-in and site screens exist, every path shows the system status page. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [{ path: '*', element: <SystemStatusPage /> }],
  },
];
