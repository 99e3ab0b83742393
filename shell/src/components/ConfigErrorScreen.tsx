import { Alert, Button, Code, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Full-page error when /config.json cannot be read (nothing else can run without it). */
export function ConfigErrorScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Container size="sm" py={80}>
      <Alert role="alert" color="red" title={t('config.errorTitle')} data-testid="config-error">
        <Stack gap="sm">
          <Text size="sm">{t('config.errorText')}</Text>
          <Code block fz="xs">
            {error.message}
          </Code>
          <Button onClick={onRetry} color="red" w="fit-content">
            {t('config.retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
