import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@citable/shared';
import { FullPageLoader } from './FullPageLoader';

/**
 * Protected pages: spinner while the session loads, guests go to /auth (replace) with `from` — and so
 * does a session whose second factor is still due (aal1 with a verified factor).
 */
export function RequireAuth({ children, redirectTo = '/auth' }: { children?: ReactNode; redirectTo?: string }) {
  const location = useLocation();
  const loading = useAuthStore((s) => s.loading);
  const isLoggedIn = useAuthStore((s) => Boolean(s.session?.user));
  const mfaRequired = useAuthStore((s) => s.mfaRequired);
  if (loading) return <FullPageLoader />;
  if (!isLoggedIn || mfaRequired) return <Navigate to={redirectTo} replace state={{ from: location }} />;
  return <>{children ?? <Outlet />}</>;
}
