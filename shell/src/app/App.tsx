import { BrowserRouter, useRoutes } from 'react-router-dom';
import { CitableProviders } from '@citable/shared';
import { routes } from './routes';

/**
 * The shell: providers and the declarative router over the one route table. (No data router: no
 * route uses loaders or actions, and the declarative one is half the download.)
 */
export function App() {
  return (
    <CitableProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </CitableProviders>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
