import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/runtime-config';
import { CitableProviders } from './CitableProviders';

/**
 * Standalone entry of a remote (its own dev server and index page, for its team): reads the
 * runtime config, then renders the remote's exposed app with the providers the shell would give it.
 * In the platform the shell loads the exposed app itself and this is not used.
 */
export function mountStandalone(App: ComponentType, containerId = 'root'): void {
  const container = document.getElementById(containerId);
  if (!container) throw new Error(`#${containerId} element missing in index.html`);
  const root = createRoot(container);
  loadRuntimeConfig().then(
    () =>
      root.render(
        <StrictMode>
          <CitableProviders>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </CitableProviders>
        </StrictMode>,
      ),
    (error: unknown) => {
      container.textContent = `Configuration error (/config.json): ${error instanceof Error ? error.message : String(error)}`;
    },
  );
}
