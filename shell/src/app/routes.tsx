/**
 * THE route table of the platform (spec/app.md §2 and spec/public.md §2) — keep it in this one file.
 *
 * - public marketing routes      → marketing remote (RemoteView remote="marketing")
 * - /dashboard, /sites/**, /tone-articles → workspace remote, inside the protected group
 * - /view/:versionId             → reviewer remote, outside the protected group
 * - /auth, /auth/update-password, /profile, /settings and the layouts are the shell's own:
 *   the auth engineer replaces the placeholders (./placeholders.tsx) with shell/src/features/**
 *   screens, layouts and guards by editing this file.
 * - /login, /signup → redirect (replace) to /auth;  * → NotFound
 */
import type { RouteObject } from 'react-router-dom';
import { Navigate, Outlet } from 'react-router-dom';
import { NotFound } from '@citable/shared';
import { RemoteView } from '../components/RemoteView';
import { MARKETING_ROUTES, WORKSPACE_ROUTES, paths } from '../config/paths';
import { PlaceholderLayout, ShellPlaceholder } from './placeholders';

export const routes: RouteObject[] = [
  {
    element: <PlaceholderLayout />,
    children: [
      // public side (marketing remote)
      ...MARKETING_ROUTES.map((path) => ({ path, element: <RemoteView remote="marketing" /> })),

      // auth group (public layout) — placeholders until the auth feature lands
      { path: paths.auth, element: <ShellPlaceholder screen="Connexion / Inscription" /> },
      { path: paths.updatePassword, element: <ShellPlaceholder screen="Mettre à jour le mot de passe" /> },
      { path: paths.login, element: <Navigate to={paths.auth} replace /> },
      { path: paths.signup, element: <Navigate to={paths.auth} replace /> },

      // article viewer: outside the protected group
      { path: '/view/:versionId', element: <RemoteView remote="reviewer" /> },

      // protected group (guard added by the auth feature)
      {
        element: <Outlet />,
        children: [
          ...WORKSPACE_ROUTES.map((path) => ({ path, element: <RemoteView remote="workspace" /> })),
          { path: paths.profile, element: <ShellPlaceholder screen="Profil" /> },
          { path: paths.settings, element: <ShellPlaceholder screen="Paramètres" /> },
        ],
      },

      { path: '*', element: <NotFound /> },
    ],
  },
];
