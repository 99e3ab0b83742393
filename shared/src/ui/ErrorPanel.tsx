import { Alert, Button, Code, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ErrorPanelProps {
  title: string;
  text: string;
  error?: Error | null;
  onRetry: () => void;
  retryLabel: string;
  detailsLabel: string;
  isRetrying?: boolean;
  /** data-* attributes for tests and diagnostics */
  data?: Record<`data-${string}`, string | undefined>;
}

/** An error in place of the part that failed, with its technical details folded and a Retry button. */
export function ErrorPanel({ title, text, error, onRetry, retryLabel, detailsLabel, isRetrying = false, data }: ErrorPanelProps) {
  return (
    <Container size="sm" py="xl">
      <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} {...data}>
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          {error?.message && (
            <details>
              <summary>
                <Text span size="xs" c="dimmed">
                  {detailsLabel}
                </Text>
              </summary>
              <Code block fz="xs">
                {error.message}
              </Code>
            </details>
          )}
          <Group>
            <Button onClick={onRetry} loading={isRetrying} leftSection={<IconRefresh size={16} aria-hidden />} color="red" variant="filled">
              {retryLabel}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

/** The panel of a page that failed to render or to download: "This page ran into an error" + Retry. */
export function PageErrorPanel({ error, onRetry }: { error?: Error | null; onRetry: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <ErrorPanel
      title={t('page.errorTitle')}
      text={t('page.errorText')}
      error={error}
      onRetry={onRetry}
      retryLabel={t('page.retry')}
      detailsLabel={t('page.errorDetails')}
      data={{ 'data-testid': 'page-error' }}
    />
  );
}
