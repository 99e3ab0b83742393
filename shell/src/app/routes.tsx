/**
 * THE route table of the platform (spec/app.md §2 and spec/public.md §2) — keep it in this one file.
 *
 * - public marketing routes      → marketing remote (RemoteView remote="marketing"), in the public layout
 * - /auth (guest-only), /auth/update-password, /login, /signup → the shell's auth feature, public layout
 * - /view/:versionId             → reviewer remote, outside the protected group
 * - /dashboard, /sites/**, /tone-articles → workspace remote; /profile, /settings → shell features;
 *   all inside the protected group (RequireAuth + AppLayout with the sidebar)
 * - * → NotFound
 */
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { NotFound } from '@citable/shared';
import { RemoteView } from '../components/RemoteView';
import { MARKETING_ROUTES, WORKSPACE_ROUTES, paths } from '../config/paths';
import { AuthBootstrap } from '../features/auth/components/AuthBootstrap';
import { FullPageLoader } from '../features/auth/components/FullPageLoader';
import { GuestOnly } from '../features/auth/components/GuestOnly';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { PublicLayout } from '../features/layout/components/PublicLayout';

// The shell's own pages are lazy routes: a visitor of the public pages downloads none of them
// (nor @mantine/form, which only their forms use).
const authPage = async () => ({ Component: (await import('../features/auth/components/AuthPage')).AuthPage });
const updatePasswordPage = async () => ({
  Component: (await import('../features/auth/components/UpdatePasswordPage')).UpdatePasswordPage,
});
const appLayout = async () => ({ Component: (await import('../features/layout/components/AppLayout')).AppLayout });
const profilePage = async () => ({ Component: (await import('../features/profile/components/ProfilePage')).ProfilePage });
const settingsPage = async () => ({ Component: (await import('../features/settings/components/SettingsPage')).SettingsPage });

export const routes: RouteObject[] = [
  {
    // subscribes the one auth store to supabase-js before anything below renders
    element: <AuthBootstrap />,
    // first load of a lazy route (auth pages, signed-in layout): a spinner until its code has arrived
    HydrateFallback: FullPageLoader,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // public side (marketing remote)
          ...MARKETING_ROUTES.map((path) => ({ path, element: <RemoteView remote="marketing" /> })),

          // auth group (public layout)
          { element: <GuestOnly />, children: [{ path: paths.auth, lazy: authPage }] },
          { path: paths.updatePassword, lazy: updatePasswordPage },
          { path: paths.login, element: <Navigate to={paths.auth} replace /> },
          { path: paths.signup, element: <Navigate to={paths.auth} replace /> },

          // article viewer: outside the protected group
          { path: '/view/:versionId', element: <RemoteView remote="reviewer" /> },

          { path: '*', element: <NotFound /> },
        ],
      },

      // protected group: spinner while the session loads, guests → /auth, then the signed-in layout
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: appLayout,
            children: [
              ...WORKSPACE_ROUTES.map((path) => ({ path, element: <RemoteView remote="workspace" /> })),
              { path: paths.profile, lazy: profilePage },
              { path: paths.settings, lazy: settingsPage },
            ],
          },
        ],
      },
    ],
  },
];
