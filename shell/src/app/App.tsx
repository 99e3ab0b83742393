import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CitableProviders } from '@citable/shared';
import { routes } from './routes';

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <CitableProviders>
      <RouterProvider router={router} />
    </CitableProviders>
  );
}
