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
import { lazy, Suspense, type ComponentType } from 'react';
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

/** A page whose code is downloaded when it is first shown, with the full-page spinner meanwhile. */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Page />
      </Suspense>
    );
  };
}

// The shell's own pages are lazy: a visitor of the public pages downloads none of them
// (nor @mantine/form, which only their forms use).
const AuthPage = lazyPage(async () => (await import('../features/auth/components/AuthPage')).AuthPage);
const UpdatePasswordPage = lazyPage(
  async () => (await import('../features/auth/components/UpdatePasswordPage')).UpdatePasswordPage,
);
const AppLayout = lazyPage(async () => (await import('../features/layout/components/AppLayout')).AppLayout);
const ProfilePage = lazyPage(async () => (await import('../features/profile/components/ProfilePage')).ProfilePage);
const SettingsPage = lazyPage(async () => (await import('../features/settings/components/SettingsPage')).SettingsPage);

export const routes: RouteObject[] = [
  {
    // subscribes the one auth store to supabase-js before anything below renders
    element: <AuthBootstrap />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // public side (marketing remote)
          ...MARKETING_ROUTES.map((path) => ({ path, element: <RemoteView remote="marketing" /> })),

          // auth group (public layout)
          { element: <GuestOnly />, children: [{ path: paths.auth, element: <AuthPage /> }] },
          { path: paths.updatePassword, element: <UpdatePasswordPage /> },
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
            element: <AppLayout />,
            children: [
              ...WORKSPACE_ROUTES.map((path) => ({ path, element: <RemoteView remote="workspace" /> })),
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.settings, element: <SettingsPage /> },
            ],
          },
        ],
      },
    ],
  },
];
