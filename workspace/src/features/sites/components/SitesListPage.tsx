import '../i18n';
import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { useSites, type SiteWithPageCount } from '../api/sites';
import { SiteCard } from './SiteCard';
import { SiteFormModal } from './SiteFormModal';
import { DeleteSiteDialog } from './DeleteSiteDialog';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

/** The sites list (/dashboard and /sites): the user's sites, newest first. */
export function SitesListPage() {
  const { t } = useTranslation('sites');
  const sites = useSites();
  const [formSite, setFormSite] = useState<SiteWithPageCount | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SiteWithPageCount | null>(null);

  const openCreate = () => setFormSite(null);

  let body;
  if (sites.isPending) {
    body = (
      <ScreenLoader label={t('list.loading')} />
    );
  } else if (sites.isError) {
    body = (
      <LoadErrorAlert title={t('list.loadError')} retryLabel={t('list.retry')} query={sites} />
    );
  } else if (sites.data.length === 0) {
    body = (
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="sites-empty">
        <Stack align="center" gap="md" maw={520} mx="auto" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconWorldWww size={30} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('list.emptyTitle')}
          </Title>
          <Text c="gray.7">{t('list.emptyText')}</Text>
          <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
            {t('list.emptyAction')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {sites.data.map((site) => (
          <SiteCard key={site.id} site={site} onEdit={setFormSite} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <ScreenContainer>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        <Button onClick={openCreate}>{t('list.add')}</Button>
      </Group>
      {body}
      <SiteFormModal opened={formSite !== undefined} site={formSite ?? null} onClose={() => setFormSite(undefined)} />
      <DeleteSiteDialog site={deleting} onClose={() => setDeleting(null)} />
    </ScreenContainer>
  );
}
