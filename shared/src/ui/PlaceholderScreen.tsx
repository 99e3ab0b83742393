import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PlaceholderScreenProps {
  /** name of the screen, e.g. "Sites list" */
  screen: string;
  /** route pattern or path shown to the reader */
  path?: string;
}

/** A clearly labelled placeholder for a screen that a later issue builds. */
export function PlaceholderScreen({ screen, path }: PlaceholderScreenProps) {
  const { t } = useTranslation('platform');
  return (
    <Container size="md" py="xl" data-testid="placeholder-screen" data-screen={screen}>
      <Alert variant="light" color="gray" radius="md">
        <Stack gap="xs">
          <Title order={2}>{t('placeholder.title')}</Title>
          <Text>{t('placeholder.text', { screen })}</Text>
          {path && (
            <Text size="sm" c="dimmed">
              {t('placeholder.route', { path })}
            </Text>
          )}
        </Stack>
      </Alert>
    </Container>
  );
}
