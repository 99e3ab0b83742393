/**
 * THE route table of the shell (docs/product-rules.md#screens docs/public-site.md#screens). The shell routes to its own
 * pages and mounts each remote on its area; the remote routes inside (config/paths.ts REMOTE_AREAS):
 *
 * - /auth (guest-only), /auth/update-password, /login, /signup → the shell's auth feature, public layout
 * - /view/*                        → reviewer remote, bare layout (no account needed; the page wears the
 *                                    client's site, not Citable's header: BareLayout)
 * - /dashboard, /sites/*, /tone-articles → workspace remote, inside the protected group (RequireAuth
 *   + AppLayout with the sidebar), with /profile and /settings (shell features)
 * - every other URL                → marketing remote: the public pages and the not-found screen
 *
 * Every page has an error boundary: the shell's lazy pages (lazyPage) and each remote (RemoteView).
 */
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { lazyPage, type RemoteName } from '@citable/shared';
import { RemoteView } from '../components/RemoteView';
import { REMOTE_AREAS, paths } from '../config/paths';
import { AuthBootstrap } from '../features/auth/components/AuthBootstrap';
import { FullPageLoader } from '../features/auth/components/FullPageLoader';
import { GuestOnly } from '../features/auth/components/GuestOnly';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { BareLayout } from '../features/layout/components/BareLayout';
import { PublicLayout } from '../features/layout/components/PublicLayout';

// The shell's own pages are lazy: a visitor of the public pages downloads none of them
// (nor @mantine/form, which only their forms use).
const loader = <FullPageLoader />;
const AuthPage = lazyPage(async () => (await import('../features/auth/components/AuthPage')).AuthPage, loader);
const UpdatePasswordPage = lazyPage(
  async () => (await import('../features/auth/components/UpdatePasswordPage')).UpdatePasswordPage,
  loader,
);
const AppLayout = lazyPage(async () => (await import('../features/layout/components/AppLayout')).AppLayout, loader);
const ProfilePage = lazyPage(async () => (await import('../features/profile/components/ProfilePage')).ProfilePage, loader);
const SettingsPage = lazyPage(async () => (await import('../features/settings/components/SettingsPage')).SettingsPage, loader);

/**
 * A remote on its area: one layout route (no path of its own, so the remote's `<Routes>` match the
 * whole URL with absolute paths) whose children only claim the area's URLs.
 */
function remoteArea(remote: RemoteName, areas: readonly string[]): RouteObject {
  return { element: <RemoteView remote={remote} />, children: areas.map((path) => ({ path })) };
}

export const routes: RouteObject[] = [
  {
    // subscribes the one auth store to supabase-js before anything below renders
    element: <AuthBootstrap />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // auth group (public layout)
          { element: <GuestOnly />, children: [{ path: paths.auth, element: <AuthPage /> }] },
          { path: paths.updatePassword, element: <UpdatePasswordPage /> },
          { path: paths.login, element: <Navigate to={paths.auth} replace /> },
          { path: paths.signup, element: <Navigate to={paths.auth} replace /> },

          // the public side and the not-found screen (marketing remote)
          { path: '*', element: <RemoteView remote="marketing" /> },
        ],
      },

      // article viewer: outside the protected group, without the public header (the site's own page)
      { element: <BareLayout />, children: [remoteArea('reviewer', REMOTE_AREAS.reviewer)] },

      // protected group: spinner while the session loads, guests → /auth, then the signed-in layout
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              remoteArea('workspace', REMOTE_AREAS.workspace),
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.settings, element: <SettingsPage /> },
            ],
          },
        ],
      },
    ],
  },
];
