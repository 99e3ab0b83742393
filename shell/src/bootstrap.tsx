import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import * as React from 'react';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  authStore,
  CitableProviders,
  loadSupabase,
  i18n,
  loadRuntimeConfig,
  recordSharedProbe,
  sharedInstanceId,
} from '@citable/shared';
import { App } from './app/App';
import { ConfigErrorScreen } from './components/ConfigErrorScreen';
import { preloadRemoteApp, registerRemotesFromConfig } from './lib/federation/remotes';

/** The prerendered copy of a marketing page the shell server puts next to #root (server/src/prerender.ts). */
const PRERENDER_ID = 'citable-prerender';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');
const root: Root = createRoot(container);

// window.__citable: lets the e2e suite check that shell and remotes share one @citable/shared
recordSharedProbe('shell', { sharedInstanceId, authStore, loadSupabase, i18n }, React);

async function start() {
  try {
    const config = await loadRuntimeConfig();
    registerRemotesFromConfig(config);
    // the server sent a prerendered marketing page: its remote downloads while the shell renders
    if (document.getElementById(PRERENDER_ID)) preloadRemoteApp('marketing');
  } catch (error) {
    console.error('[shell] runtime config', error);
    root.render(
      <CitableProviders>
        <ConfigErrorScreen error={error instanceof Error ? error : new Error(String(error))} onRetry={() => void start()} />
      </CitableProviders>,
    );
    return;
  }
  // A transition render is time-sliced (React yields to the browser every few ms), so the shell's
  // first render over the prerendered page is many short tasks instead of one long blocking task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
