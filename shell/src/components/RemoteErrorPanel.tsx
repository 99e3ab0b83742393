import { Alert, Button, Code, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface RemoteErrorPanelProps {
  /** name of the part that failed: marketing, workspace or reviewer */
  remote: string;
  error?: Error | null;
  onRetry: () => void;
  /** title key: the remote could not be downloaded, or it crashed while rendering */
  kind?: 'load' | 'render';
  isRetrying?: boolean;
}

/** Shown in place of a remote that cannot be loaded; the rest of the shell keeps working. */
export function RemoteErrorPanel({ remote, error, onRetry, kind = 'load', isRetrying = false }: RemoteErrorPanelProps) {
  const { t } = useTranslation('platform');
  const name = t(`remote.names.${remote}`, { defaultValue: remote });
  return (
    <Container size="sm" py="xl">
      <Alert
        role="alert"
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t(kind === 'load' ? 'remote.errorTitle' : 'remote.renderErrorTitle', { name })}
        data-testid="remote-error"
        data-remote={remote}
      >
        <Stack gap="sm">
          <Text size="sm">{t('remote.errorText')}</Text>
          {error?.message && (
            <details>
              <summary>
                <Text span size="xs" c="dimmed">
                  {t('remote.errorDetails')}
                </Text>
              </summary>
              <Code block fz="xs">
                {error.message}
              </Code>
            </details>
          )}
          <Group>
            <Button
              onClick={onRetry}
              loading={isRetrying}
              leftSection={<IconRefresh size={16} aria-hidden />}
              color="red"
              variant="filled"
            >
              {t('remote.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
