import '../i18n';
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useClipboard, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowRight,
  IconChartBar,
  IconCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconFileText,
  IconPencil,
  IconSearch,
  IconSettings,
  IconShare,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { isDataError } from '@citable/shared/data';
import { paths } from '../../../config/paths';
import { pageCount, useSite } from '../api/sites';
import { useOwnSerpsCount } from '../api/serps';
import { parseRouteId } from '../../../utils/routeId';
import { SiteFormModal } from './SiteFormModal';
import { SiteLogo } from './SiteLogo';
import { SiteTitle } from './SiteTitle';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { WorkspaceBreadcrumbs } from '../../../components/WorkspaceBreadcrumbs';
import { WordPressSection } from '../../../components/wordpress/WordPressSection';
import { useExportContent } from '../../../components/bulk/useExportContent';

function SiteNotFound() {
  const { t } = useTranslation('sites');
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="sm" ta="center" data-testid="site-not-found">
        <Title order={1} size="h2">
          {t('detail.notFound')}
        </Title>
        <Text c="gray.7">{t('detail.notFoundText')}</Text>
        <Button component={Link} to={paths.sites()} variant="light">
          {t('detail.backToSites')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The site detail (/sites/:siteId). */
export function SiteDetailPage() {
  const { t } = useTranslation('sites');
  const { siteId: param } = useParams();
  const siteId = parseRouteId(param);
  const site = useSite(siteId);
  const serps = useOwnSerpsCount(site.data ? siteId : null);
  const isPhone = useMediaQuery('(max-width: 30em)') ?? false;
  const clipboard = useClipboard({ timeout: 2000 });
  const [isEditing, setIsEditing] = useState(false);
  const exporter = useExportContent(siteId ?? 0, site.data?.name ?? '');

  const isLoadFailure = site.isError && !(isDataError(site.error) && site.error.kind === 'not_found');
  useEffect(() => {
    if (isLoadFailure) showToast({ color: 'red', title: t('detail.fetchError'), message: t('detail.loadError') });
  }, [isLoadFailure, t]);
  useEffect(() => {
    if (clipboard.error) showToast({ color: 'red', title: t('detail.copyFailed'), message: clipboard.error.message });
  }, [clipboard.error, t]);

  if (siteId === null) return <SiteNotFound />;
  if (site.isPending) {
    return (
      <ScreenLoader label={t('detail.loading')} />
    );
  }
  if (site.isError) {
    if (isDataError(site.error) && site.error.kind === 'not_found') return <SiteNotFound />;
    return (
      <ScreenContainer gap="md">
        <LoadErrorAlert title={t('detail.loadError')} retryLabel={t('list.retry')} query={site} />
      </ScreenContainer>
    );
  }

  const data = site.data;
  const pages = pageCount(data);
  const comingSoon = () => showToast({ color: 'blue', title: t('detail.comingSoon'), message: t('detail.settingsSoon') });
  const soonBadge = (
    <Badge size="xs" variant="light" color="gray">
      {t('detail.comingSoon')}
    </Badge>
  );

  return (
    <ScreenContainer>
      <WorkspaceBreadcrumbs site={{ id: data.id, name: data.name }} />

      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <SiteLogo url={data.image_logo} name={data.name} size={56} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <SiteTitle key={data.name} siteId={data.id} name={data.name} />
            <Group gap={4} wrap="nowrap">
              <Anchor href={data.url} target="_blank" rel="noopener noreferrer" size="sm" c="gray.7" truncate="end" title={t('detail.visit')}>
                {data.url}
              </Anchor>
              <Tooltip label={clipboard.copied ? t('detail.copied') : t('detail.copyUrl')}>
                <ActionIcon
                  variant="subtle"
                  color={clipboard.copied ? 'teal' : 'gray'}
                  aria-label={clipboard.copied ? t('detail.copied') : t('detail.copyUrl')}
                  data-testid="copy-url"
                  data-copied={clipboard.copied ? 'true' : 'false'}
                  onClick={() => clipboard.copy(data.url)}
                >
                  {clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Stack>
        </Group>
        {/* one row on a phone too: 'Paramètres' as a named icon there (audit W9) */}
        <Group gap="xs" wrap="nowrap">
          <Button leftSection={<IconPencil size={16} />} onClick={() => setIsEditing(true)}>
            {t('detail.editSite')}
          </Button>
          {isPhone ? (
            <Tooltip label={t('detail.settings')}>
              <ActionIcon variant="default" size="lg" aria-label={t('detail.settings')} onClick={comingSoon}>
                <IconSettings size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={comingSoon}>
              {t('detail.settings')}
            </Button>
          )}
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('detail.more')}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconChartBar size={16} />} rightSection={soonBadge} disabled>
                {t('detail.viewAnalytics')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconDownload size={16} />}
                rightSection={exporter.isExporting ? <Loader size={14} /> : undefined}
                disabled={exporter.isExporting}
                onClick={() => void exporter.exportContent()}
                data-testid="export-content"
              >
                {t('detail.exportContent')}
              </Menu.Item>
              <Menu.Item leftSection={<IconShare size={16} />} rightSection={soonBadge} disabled>
                {t('detail.shareSite')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" data-testid="own-serps-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="gray.7" fw={600} tt="uppercase">
                {t('detail.ownSerps')}
              </Text>
              {serps.isError ? (
                <Text c="red" size="sm" mt={6}>
                  {t('detail.serpsError')}
                </Text>
              ) : (
                <Text fz={32} fw={700} data-testid="own-serps-count">
                  {serps.isPending ? <Loader size="sm" /> : serps.data}
                </Text>
              )}
              <Text size="sm" c="gray.7">
                {t('detail.ownSerpsHint')}
              </Text>
            </div>
            <IconSearch size={28} aria-hidden color="var(--mantine-color-indigo-6)" />
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="gray.7" fw={600} tt="uppercase">
                {t('detail.pages')}
              </Text>
              <Text fz={32} fw={700} data-testid="pages-count">
                {pages}
              </Text>
              <Anchor
                component={Link}
                to={paths.pages(data.id)}
                size="sm"
                fw={600}
                aria-label={`${t('detail.openPages')} (${t('detail.pagesCount', { count: pages })})`}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                {t('detail.openPages')}
                <IconArrowRight size={14} aria-hidden />
              </Anchor>
            </div>
            <IconFileText size={28} aria-hidden color="var(--mantine-color-indigo-6)" />
          </Group>
        </Card>
      </SimpleGrid>

      <WordPressSection siteId={data.id} />

      <SiteFormModal opened={isEditing} site={data} onClose={() => setIsEditing(false)} />
    </ScreenContainer>
  );
}
