// Standalone entry of the reviewer remote (its own dev server and index page, for its team).
// In the platform the shell loads ./src/exposes/ReviewerApp.tsx instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CitableProviders, loadRuntimeConfig } from '@citable/shared';
import ReviewerApp from './exposes/ReviewerApp';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');
const root = createRoot(container);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <CitableProviders>
          <BrowserRouter>
            <ReviewerApp />
          </BrowserRouter>
        </CitableProviders>
      </StrictMode>,
    ),
  (error: unknown) => {
    container.textContent = `Configuration error (/config.json): ${error instanceof Error ? error.message : String(error)}`;
  },
);
