import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spinner with 'Chargement...' shown while the session is read. */
export function FullPageLoader() {
  const { t } = useTranslation('shell');
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
