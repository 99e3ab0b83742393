import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary, type RemoteName } from '@citable/shared';
import { loadRemoteApp, resetRemote } from '../lib/federation/remotes';
import { useRemoteModule } from '../lib/federation/useRemoteModule';
import { RemoteErrorPanel } from './RemoteErrorPanel';

type RemoteApp = { default: ComponentType };
const loaded = new Map<RemoteName, RemoteApp>();

function loadAndCache(remote: RemoteName) {
  return loadRemoteApp(remote).then((mod) => {
    loaded.set(remote, mod);
    return mod;
  });
}

/**
 * Renders a remote's exposed app in place, with loading, error panel and retry.
 * Keyed by remote: moving between routes of two remotes must not reuse the other's load state.
 */
export function RemoteView({ remote }: { remote: RemoteName }) {
  return <RemoteSlot key={remote} remote={remote} />;
}

function RemoteSlot({ remote }: { remote: RemoteName }) {
  const { t } = useTranslation('platform');
  const location = useLocation();
  const state = useRemoteModule<RemoteApp>({
    load: () => loadAndCache(remote),
    cached: loaded.get(remote),
    onRetry: () => {
      loaded.delete(remote);
      resetRemote(remote);
    },
  });

  if (state.status === 'loading') {
    return (
      <Center mih="50vh" data-testid="remote-loading" data-remote={remote}>
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed" size="sm">
            {t('remote.loading', { name: t(`remote.names.${remote}`) })}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (state.status === 'error') {
    return <RemoteErrorPanel remote={remote} error={state.error} onRetry={state.retry} />;
  }
  const App = state.module.default;
  return (
    <ErrorBoundary
      resetKey={location.pathname}
      label={remote}
      fallback={(error, reset) => (
        <RemoteErrorPanel
          remote={remote}
          kind="render"
          error={error}
          onRetry={() => {
            reset();
            state.retry();
          }}
        />
      )}
    >
      <div data-remote-root={remote} style={{ display: 'contents' }}>
        <App />
      </div>
    </ErrorBoundary>
  );
}
