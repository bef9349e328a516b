import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/** A trailing slash is removed by redirect (spec 2.3). */
export function TrailingSlashRedirect({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return <Navigate to={`${pathname.replace(/\/+$/, '') || '/'}${search}${hash}`} replace />;
  }
  return <>{children}</>;
}
