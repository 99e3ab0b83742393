import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@citable/shared';
import { FullPageLoader } from './FullPageLoader';
import { afterSignInPath } from '../utils/redirect';

/**
 * Guest-only pages: a signed-in user goes to where the guard sent them from, else /dashboard — once
 * the second factor, if the user has one, is verified.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const loading = useAuthStore((s) => s.loading);
  const isLoggedIn = useAuthStore((s) => Boolean(s.session?.user));
  // a password sign-in still waiting for its second factor stays here for the code
  const mfaRequired = useAuthStore((s) => s.mfaRequired);
  if (loading) return <FullPageLoader />;
  if (isLoggedIn && !mfaRequired) return <Navigate to={afterSignInPath(location.state)} replace />;
  return <>{children ?? <Outlet />}</>;
}
