import '../i18n';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** 'Loading article' (§2), while the screen's code or the article is on its way. */
export function ArticleLoading() {
  const { t } = useTranslation(NS);
  return (
    <Center py={96} data-testid="article-loading">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text c="dark.5">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
