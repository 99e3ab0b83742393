import '../i18n';
import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowRight,
  IconExternalLink,
  IconEye,
  IconFileText,
  IconHistory,
  IconListSearch,
  IconKey,
  IconMessageChatbot,
  IconChartLine,
  IconPencil,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { PageActionsList } from '../../../components/PageActionsList';
import { ScoreBadge } from '../../../components/content-score/ScoreBadge';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { externalPaths, paths } from '../../../config/paths';
import { NS } from '../i18n';
import { useLatestVersion } from '../api/getLatestVersion';
import { usePage } from '../api/getPage';
import { usePageCounts } from '../api/getPageCounts';
import { useSiteSummary } from '../api/getSiteSummary';
import { parseRouteId } from '../../../utils/routeId';
import { DeletePageDialog } from './DeletePageDialog';
import { PageFormModal } from './PageFormModal';
import { WorkspaceBreadcrumbs } from '../../../components/WorkspaceBreadcrumbs';
import { useStatusOptions } from './statusOptions';
import { StatusBadge } from './StatusBadge';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { WordPressPublishPanel } from '../../../components/wordpress/WordPressPublishPanel';

/** A missing or foreign page; an address whose ids are not ids says so ('Missing user or page information.'). */
function PageNotFound({ siteId, malformed = false }: { siteId: number | null; malformed?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="sm" ta="center" data-testid="page-not-found">
        <Title order={1} size="h2">
          {t('detail.notFound')}
        </Title>
        <Text c="gray.7">{t(malformed ? 'detail.missingInfo' : 'detail.notFoundText')}</Text>
        <Button component={Link} to={siteId === null ? paths.sites() : paths.pages(siteId)} variant="light">
          {siteId === null ? t('detail.mySites') : t('detail.backToPages')}
        </Button>
      </Stack>
    </Center>
  );
}

interface SectionCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  hint: string;
  /** null: loading; undefined: the section shows no count */
  count?: number | null;
  isError?: boolean;
  testId: string;
}

function SectionCard({ to, icon, title, hint, count, isError, testId }: SectionCardProps) {
  const { t } = useTranslation(NS);
  const shown = isError ? t('detail.countError') : count;
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="md"
      data-testid={testId}
      // named by what it shows (title, hint, count: WCAG 2.5.3); the focus ring of Mantine's own controls
      className="page-section-card mantine-focus-auto"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size="lg" radius="md" color="indigo" aria-hidden>
            {icon}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="gray.7">
              {hint}
            </Text>
          </div>
        </Group>
        <Stack gap={0} align="flex-end">
          {count !== undefined && (
            <Text fz={28} fw={700} lh={1.1} data-testid={`${testId}-count`}>
              {count === null && !isError ? <Loader size="xs" /> : shown}
            </Text>
          )}
          <IconArrowRight size={16} aria-hidden color="var(--mantine-color-indigo-7)" />
        </Stack>
      </Group>
    </Card>
  );
}

/** The page detail (/sites/:siteId/pages/:pageId): docs/product-rules.md#screens "Page detail". */
export function PageDetailPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const siteId = parseRouteId(params.siteId);
  const pageId = parseRouteId(params.pageId);
  const page = usePage(siteId, pageId);
  const site = useSiteSummary(page.data ? siteId : null);
  const counts = usePageCounts(page.data ? pageId : null);
  const latest = useLatestVersion(page.data ? pageId : null);
  const statuses = useStatusOptions();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';

  const isLoadFailure = page.isError && !(isDataError(page.error) && page.error.kind === 'not_found');
  useEffect(() => {
    if (isLoadFailure) showToast({ color: 'red', title: t('detail.loadError'), message: dataErrorMessage(page.error, t) });
  }, [isLoadFailure, page.error, t]);
  useEffect(() => {
    if (latest.isError) showToast({ color: 'red', title: t('detail.viewError'), message: dataErrorMessage(latest.error, t) });
  }, [latest.isError, latest.error, t]);

  if (siteId === null || pageId === null) return <PageNotFound siteId={siteId} malformed />;
  if (page.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="gray.7">{t('detail.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (page.isError) {
    if (!isLoadFailure) return <PageNotFound siteId={siteId} />;
    return (
      <ScreenContainer gap="md">
        <LoadErrorAlert title={t('detail.loadError')} detail={dataErrorMessage(page.error, t)} retryLabel={t('list.retry')} query={page} />
      </ScreenContainer>
    );
  }

  const data = page.data;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const versionId = latest.data?.id ?? null;
  const hasNoVersion = latest.isSuccess && versionId === null;
  const viewHref = versionId ? externalPaths.view(versionId) : null;
  const viewUnavailable = () => showToast({ color: 'red', title: t('detail.viewError'), message: t('detail.noContentText') });

  return (
    <ScreenContainer>
      <WorkspaceBreadcrumbs site={{ id: siteId, name: site.data?.name ?? null }} page={{ id: data.id, name: data.name }} pagesSearch={listSearch} />

      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="page-title">
              {data.name}
            </Title>
            <StatusBadge id={data.status} name={data.statuses?.name} testId="page-status" />
            {data.content_score !== null && <ScoreBadge score={data.content_score} size="lg" testId="page-content-score" />}
          </Group>
          <Anchor href={data.url} target="_blank" rel="noopener noreferrer" size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="page-url">
            {data.url}
          </Anchor>
          <Text size="xs" c="gray.7">
            <span style={{ whiteSpace: 'nowrap' }}>{t('detail.created', { date: dateFormat.format(new Date(data.date_created)) })}</span> ·{' '}
            <span style={{ whiteSpace: 'nowrap' }}>{t('detail.modified', { date: dateFormat.format(new Date(data.date_modified)) })}</span>
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Group gap={0} wrap="nowrap">
            {viewHref ? (
              <Button component={Link} to={viewHref} leftSection={<IconEye size={16} />} style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }} data-testid="view-article">
                {t('detail.viewArticle')}
              </Button>
            ) : (
              <Button
                leftSection={<IconEye size={16} />}
                loading={latest.isPending}
                disabled={hasNoVersion}
                onClick={viewUnavailable}
                style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
                data-testid="view-article"
              >
                {t('detail.viewArticle')}
              </Button>
            )}
            <Tooltip label={t('detail.viewArticleNewTab')} withArrow>
              {viewHref ? (
                <ActionIcon
                  component="a"
                  href={viewHref}
                  target="_blank"
                  rel="noopener"
                  size={36}
                  variant="filled"
                  aria-label={t('detail.viewArticleNewTab')}
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid var(--mantine-color-indigo-3)' }}
                  data-testid="view-article-new-tab"
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              ) : (
                <ActionIcon
                  size={36}
                  variant="filled"
                  disabled={!viewHref}
                  aria-label={t('detail.viewArticleNewTab')}
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
                  onClick={viewUnavailable}
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              )}
            </Tooltip>
          </Group>
          {/* a text label on the phone too: not an icon beside the red trash (audit W6) */}
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setIsEditing(true)}>
            {t('detail.edit')}
          </Button>
          <Tooltip label={t('detail.delete')} withArrow>
            <ActionIcon variant="default" size={36} color="red" aria-label={t('detail.delete')} onClick={() => setIsDeleting(true)}>
              <IconTrash size={16} color="var(--mantine-color-red-8)" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {hasNoVersion && (
        <Alert variant="light" color="gray" icon={<IconFileText size={18} />} title={t('detail.noContent')} data-testid="no-content">
          {t('detail.noContentText')}
        </Alert>
      )}

      <section aria-labelledby="page-sections-title">
        <Title order={2} size="h4" id="page-sections-title" mb="sm">
          {t('detail.sections')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SectionCard
            to={paths.pageVersions(siteId, pageId)}
            icon={<IconHistory size={20} />}
            title={t('detail.versions')}
            hint={t('detail.versionsHint')}
            count={counts.data?.versions ?? null}
            isError={counts.isError}
            testId="card-versions"
          />
          <SectionCard
            to={paths.brief(siteId, pageId)}
            icon={<IconListSearch size={20} />}
            title={t('detail.brief')}
            hint={t('detail.briefHint')}
            count={counts.data?.briefSources ?? null}
            isError={counts.isError}
            testId="card-brief"
          />
          <SectionCard
            to={paths.keywords(siteId, pageId)}
            icon={<IconKey size={20} />}
            title={t('detail.keywords')}
            hint={t('detail.keywordsHint')}
            count={counts.data?.keywords ?? null}
            isError={counts.isError}
            testId="card-keywords"
          />
          <SectionCard
            to={paths.llmAnswers(siteId, pageId)}
            icon={<IconMessageChatbot size={20} />}
            title={t('detail.llmAnswers')}
            hint={t('detail.llmAnswersHint')}
            count={data.llm_answers_count}
            testId="card-llm-answers"
          />
          <SectionCard
            to={paths.visibility(siteId, pageId)}
            icon={<IconChartLine size={20} />}
            title={t('detail.visibility')}
            hint={t('detail.visibilityHint')}
            testId="card-visibility"
          />
          <SectionCard
            to={paths.images(siteId, pageId)}
            icon={<IconPhoto size={20} />}
            title={t('detail.images')}
            hint={t('detail.imagesHint')}
            count={counts.data?.images ?? null}
            isError={counts.isError}
            testId="card-images"
          />
        </SimpleGrid>
      </section>

      <WordPressPublishPanel siteId={siteId} pageId={pageId} />

      <PageActionsList
        pageId={pageId}
        invalidateOnSettled={[queryKeys.pageVersions.lists(pageId), queryKeys.pages.detail(pageId)]}
      />

      <PageFormModal
        opened={isEditing}
        siteId={siteId}
        siteUrl={site.data?.url}
        page={{
          id: data.id,
          name: data.name,
          url: data.url,
          status: data.status,
          hide_cover_image_from_preview: data.hide_cover_image_from_preview,
          hide_revisions_texts_from_preview: data.hide_revisions_texts_from_preview,
        }}
        statuses={statuses}
        onClose={() => setIsEditing(false)}
      />
      <DeletePageDialog
        siteId={siteId}
        page={isDeleting ? { id: data.id, name: data.name } : null}
        onClose={() => setIsDeleting(false)}
        onDeleted={() => void navigate(`${paths.pages(siteId)}${listSearch}`, { replace: true })}
      />
    </ScreenContainer>
  );
}
