import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from './useDocumentTitle';

/** The not-found screen (spec: 'Oops! Page not found' with a 'Return to Home' link to /). */
export function NotFound() {
  const { t } = useTranslation('platform');
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <Center mih="60vh" p="xl" data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" maw={480}>
          {t('notFound.description')}
        </Text>
        <Button component={Link} to="/" size="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
