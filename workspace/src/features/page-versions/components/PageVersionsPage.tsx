import '../i18n';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Anchor, Badge, Button, Center, Grid, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconGitCompare, IconPlus, IconSend, IconX } from '@tabler/icons-react';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { PageActionsList } from '../../../components/PageActionsList';
import { usePageContext } from '../../../components/page-sub-screen/pageContext';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';
import { CREATE_ACTION_MISSING, useCreatePageVersion } from '../api/createPageVersion';
import { useRequestModification, type ModificationRequest } from '../api/requestModification';
import { useSaveVersionEdit } from '../api/saveVersionEdit';
import { usePageBrief } from '../api/pageBrief';
import { useDeleteVersion, useVersion, useVersions, type VersionSummary } from '../api/versions';
import { useVersionScore } from '../hooks/useVersionScore';
import { useSendVersionToClient, useSiteClient, useVersionSends } from '../api/versionSends';
import { sendsOfVersion, viewLink } from '../utils/sends';
import { SendToClientModal } from './SendToClientModal';
import { VersionSendsPanel } from './VersionSendsPanel';
import {
  activeAfterDelete,
  activeVersionOf,
  canCompare,
  defaultComparison,
  parseVersionId,
  reviewState,
  type ViewerState,
} from '../utils/versions';
import { ClaimsList } from './ClaimsList';
import { HtmlContentViewer } from './HtmlContentViewer';
import { ModifyVersionForm } from './ModifyVersionForm';
import { ScorePanel } from './ScorePanel';
import { STATE_COLOR, STATE_TEXT, VersionsTable } from './VersionsTable';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { WorkspaceBreadcrumbs } from '../../../components/WorkspaceBreadcrumbs';
import { parseRouteId } from '../../../utils/routeId';
import { WordPressPublishPanel } from '../../../components/wordpress/WordPressPublishPanel';
import { PUBLISH_ACTION, wordpressKeys } from '../../../components/wordpress/api';

const CompareVersions = lazy(() => import('./CompareVersions'));

/** docs/product-rules.md#constants: the refresh after a queued action waits 2 s */
const REFRESH_AFTER_QUEUE_MS = 2000;
/** The live content score waits for this pause in typing before it is computed again. */
const LIVE_SCORE_DEBOUNCE_MS = 400;
const ACTION_NAMES = ['create_article', 'modify_articles_with_instructions', PUBLISH_ACTION] as const;

function PageUnavailable() {
  const { t } = useTranslation(NS);
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="sm" ta="center" data-testid="page-not-found">
        <Title order={1} size="h2">
          {t('pageLoadError')}
        </Title>
        <Text c="gray.7">{t('pageNotFoundText')}</Text>
        <Button component={Link} to={paths.sites()} variant="light">
          {t('backToSites')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The versions of a page (/sites/:siteId/pages/:pageId/page-versions, docs/product-rules.md#screens "Page versions"). */
export function PageVersionsPage() {
  const { t, i18n } = useTranslation(NS);
  const params = useParams();
  const siteId = parseRouteId(params.siteId);
  const pageId = parseRouteId(params.pageId);
  const validIds = siteId !== null && pageId !== null;
  // the page with its site, as the other sub-screens of a page load it (one query, one cache entry)
  const header = usePageContext(siteId, pageId);
  const pageOk = header.isSuccess;
  const versions = useVersions(pageOk ? pageId : null);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = parseVersionId(searchParams.get('version'));
  const requestedId = requested.id;
  const queryClient = useQueryClient();
  // two columns from Mantine's lg breakpoint; read at once, so a wide screen never paints the narrow order first
  const wide = useMediaQuery('(min-width: 75em)', undefined, { getInitialValueInEffect: false });

  const [viewer, setViewer] = useState<ViewerState>({ mode: 'rendered', editing: false, comparing: false });
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<VersionSummary | null>(null);
  // a paid run: its estimated cost and time are confirmed first
  const [isConfirmingCreate, setIsConfirmingCreate] = useState(false);

  const list = useMemo(() => versions.data ?? [], [versions.data]);
  const { active, missing } = activeVersionOf(list, requested);
  const activeId = active?.id ?? null;
  const content = useVersion(pageOk ? pageId : null, activeId);
  const activeContent = content.data && content.data.id === activeId ? content.data : null;

  // the content score: live on the edited HTML (debounced), else the saved one (docs/article-engine.md)
  const brief = usePageBrief(pageOk ? pageId : null);
  const [draftHtml, setDraftHtml] = useState<string | null>(null);
  const [debouncedDraft] = useDebouncedValue(draftHtml, LIVE_SCORE_DEBOUNCE_MS);
  const liveHtml = viewer.editing && draftHtml !== null ? debouncedDraft : null;
  const versionScore = useVersionScore(activeContent, brief.data ?? null, liveHtml);

  const deleteVersion = useDeleteVersion(pageId ?? 0);
  const saveEdit = useSaveVersionEdit(pageId ?? 0);
  const modify = useRequestModification(pageId ?? 0);
  const createVersion = useCreatePageVersion(pageId ?? 0);

  // "Send to client": the site's client, the page's sends (polled while one is queued), the send itself
  const [sendOpen, setSendOpen] = useState(false);
  const siteClient = useSiteClient(pageOk ? header.data.site : null, sendOpen);
  const sends = useVersionSends(pageOk ? pageId : null);
  const sendToClient = useSendVersionToClient(pageId ?? 0, siteId ?? 0);

  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const formatDate = useCallback((iso: string) => dateFormat.format(new Date(iso)), [dateFormat]);

  const setActive = useCallback(
    (versionId: string | null) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (versionId) next.set('version', versionId);
          else next.delete('version');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  // the refresh 2 s after queuing an action (docs/product-rules.md#constants), cleared when leaving the screen
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const refreshSoon = useCallback(() => {
    if (pageId === null) return;
    timers.current.push(
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.pageVersions.lists(pageId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.pageActions.lists(pageId) });
      }, REFRESH_AFTER_QUEUE_MS),
    );
  }, [pageId, queryClient]);

  // a page load failure that is not "not found" is toasted too
  const headerFailed = header.isError && !(isDataError(header.error) && header.error.kind === 'not_found');
  useEffect(() => {
    if (headerFailed) showToast({ color: 'red', title: t('pageLoadError'), message: dataErrorMessage(header.error, t) });
  }, [headerFailed, header.error, t]);

  if (!validIds) return <PageUnavailable />;
  if (header.isPending) return <ScreenLoader label={t('loadingPage')} />;
  if (header.isError) {
    if (isDataError(header.error) && header.error.kind === 'not_found') return <PageUnavailable />;
    return (
      <ScreenContainer>
        <LoadErrorAlert title={t('pageLoadError')} retryLabel={t('retry')} query={header} />
      </ScreenContainer>
    );
  }

  const page = header.data;
  const stopModes = () => {
    setViewer((v) => ({ ...v, editing: false, comparing: false }));
    setCompareWith(null);
  };

  const activate = (versionId: string) => {
    if (versionId === activeId) return;
    if (viewer.editing) setViewer((v) => ({ ...v, editing: false }));
    setActive(versionId);
    if (viewer.comparing) {
      // keep comparing, with a sensible other version for the new active one
      const next = list.find((v) => v.id === versionId);
      setCompareWith(next ? defaultComparison(list, next) : null);
    }
  };

  const startCompare = () => {
    if (!active || !canCompare(viewer, list.length)) return;
    setCompareWith(defaultComparison(list, active));
    setViewer((v) => ({ ...v, comparing: true }));
  };

  const compareWithParent = (version: VersionSummary) => {
    if (viewer.editing || !version.parent_version) return;
    setActive(version.id);
    setCompareWith(version.parent_version);
    setViewer((v) => ({ ...v, comparing: true }));
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const deleted = toDelete;
    deleteVersion.mutate(deleted.id, {
      onSuccess: () => {
        showToast({ color: 'teal', message: t('delete.success') });
        const next = activeAfterDelete(list, deleted.id, activeId);
        if (next !== activeId || requestedId === deleted.id) setActive(next);
        if (deleted.id === activeId || deleted.id === compareWith) stopModes();
        setToDelete(null);
      },
      onError: (error) => {
        showToast({ color: 'red', title: t('delete.error'), message: dataErrorMessage(error, t) });
      },
    });
  };

  const save = async (html: string) => {
    if (!activeContent) return;
    try {
      const created = await saveEdit.mutateAsync({ versionId: activeContent.id, html });
      // the new version becomes active and the view switches to rendered (docs/product-rules.md#states)
      queryClient.setQueryData([...queryKeys.pageVersions.detail(created.id), { pageId }], created);
      setActive(created.id);
      setViewer({ mode: 'rendered', editing: false, comparing: false });
      showToast({ color: 'teal', message: t('viewer.saved') });
    } catch (error) {
      showToast({ color: 'red', title: t('viewer.saveError'), message: dataErrorMessage(error, t) });
      throw error;
    }
  };

  const submitModification = async (request: ModificationRequest) => {
    try {
      await modify.mutateAsync(request);
      showToast({ color: 'teal', title: t('modify.success'), message: t('modify.successText') });
      refreshSoon();
    } catch (error) {
      showToast({ color: 'red', title: t('modify.error'), message: dataErrorMessage(error, t) });
      throw error;
    }
  };

  const requestNewVersion = () => {
    createVersion.mutate(undefined, {
      onSettled: () => setIsConfirmingCreate(false),
      onSuccess: () => {
        showToast({ color: 'teal', title: t('create.success'), message: t('create.successText') });
        refreshSoon();
      },
      onError: (error) => {
        const missingAction = isDataError(error) && error.message === CREATE_ACTION_MISSING;
        showToast({
          color: 'red',
          title: t('create.error'),
          message: missingAction ? t('create.missingAction') : dataErrorMessage(error, t),
        });
      },
    });
  };

  const compareButton =
    list.length > 1 &&
    (viewer.comparing ? (
      <Button variant="default" leftSection={<IconX size={16} />} onClick={stopModes} data-testid="stop-compare">
        {t('compare.stop')}
      </Button>
    ) : (
      <Tooltip label={t('compare.noEditing')} disabled={!viewer.editing}>
        <Button
          variant="light"
          leftSection={<IconGitCompare size={16} />}
          onClick={startCompare}
          disabled={!active || !canCompare(viewer, list.length)}
          data-testid="compare-button"
        >
          {t('compare.button')}
        </Button>
      </Tooltip>
    ));

  let viewerBody;
  if (versions.isPending) viewerBody = <ScreenLoader label={t('loadingVersions')} />;
  else if (versions.isError) viewerBody = null;
  else if (missing) {
    viewerBody = (
      <Stack align="center" gap="xs" py="lg" ta="center" data-testid="version-not-found">
        <Text fw={700} size="lg">
          {t('viewer.versionNotFound')}
        </Text>
        <Text c="gray.7" size="sm">
          {t('viewer.versionNotFoundText')}
        </Text>
        {list.length > 0 && (
          <Button variant="light" onClick={() => setActive(null)}>
            {t('viewer.showLatest')}
          </Button>
        )}
      </Stack>
    );
  } else if (!active) {
    viewerBody = (
      <Text c="gray.7" py="lg" ta="center" data-testid="no-content">
        {t('viewer.noContent')}
      </Text>
    );
  } else if (content.isError) {
    viewerBody =
      isDataError(content.error) && content.error.kind === 'not_found' ? (
        <Text fw={700} py="lg" ta="center" data-testid="version-not-found">
          {t('viewer.versionNotFound')}
        </Text>
      ) : (
        <LoadErrorAlert title={dataErrorMessage(content.error, t)} retryLabel={t('retry')} query={content} />
      );
  } else if (!activeContent) {
    viewerBody = <ScreenLoader label={t('loadingContent')} />;
  } else {
    viewerBody = (
      <HtmlContentViewer
        key={activeContent.id}
        version={activeContent}
        state={viewer}
        onModeChange={(mode) => setViewer((v) => ({ ...v, mode }))}
        onEditingChange={(editing) => setViewer((v) => ({ ...v, editing }))}
        onSave={save}
        isSaving={saveEdit.isPending}
        onDraftChange={setDraftHtml}
        initialDraft={draftHtml}
        comparePanel={
          viewer.comparing && (
            <Suspense fallback={<ScreenLoader label={t('compare.loading')} />}>
              <CompareVersions
                pageId={page.id}
                versions={list}
                active={activeContent}
                otherId={compareWith}
                onPick={setCompareWith}
                formatDate={formatDate}
              />
            </Suspense>
          )
        }
      />
    );
  }

  const activeState = active ? reviewState(active) : null;
  const versionDateOf = (versionId: string) => {
    const version = list.find((v) => v.id === versionId);
    return version ? formatDate(version.created_date) : null;
  };
  const sendButton = active && !missing && (
    <Button
      variant="filled"
      leftSection={<IconSend size={16} aria-hidden />}
      onClick={() => setSendOpen(true)}
      aria-label={t('send.buttonLabel', { date: formatDate(active.created_date) })}
      data-testid="send-to-client"
    >
      {t('send.button')}
    </Button>
  );

  const versionsCard = (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="versions-title">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="versions-title">
          {t('table.title')}
        </Title>
        {versions.isSuccess && (
          <Badge variant="light" color="gray" style={{ '--badge-color': '#343a40' } as CSSProperties} data-testid="versions-count">
            {t('table.count', { count: list.length })}
          </Badge>
        )}
      </Group>
      {versions.isPending ? (
        <ScreenLoader label={t('loadingVersions')} />
      ) : versions.isError ? (
        <LoadErrorAlert title={t('versionsLoadError')} retryLabel={t('retry')} query={versions} />
      ) : list.length === 0 ? (
        <Stack gap={4} py="md" ta="center" data-testid="versions-empty">
          <Text fw={600}>{t('table.empty')}</Text>
          <Text size="sm" c="gray.7">
            {t('table.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <VersionsTable
          versions={list}
          activeId={activeId}
          onActivate={activate}
          onCompareWithParent={compareWithParent}
          onDelete={setToDelete}
          formatDate={formatDate}
          compareDisabled={viewer.editing}
        />
      )}
    </Paper>
  );
  const scorePanel = active && !missing && <ScorePanel score={versionScore.score} source={versionScore.source} />;
  const sendsPanel = <VersionSendsPanel sends={sends} formatDate={formatDate} versionDate={versionDateOf} />;
  // one list of the page's actions, its WordPress publications too (the WordPress card has none of its own)
  const actionsCard = (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <PageActionsList
        pageId={page.id}
        actionNames={ACTION_NAMES}
        limit={6}
        title={t('actions.title')}
        // the page too: a first article renames a page still named by its address (docs/operator-desk.md)
        invalidateOnSettled={[queryKeys.pageVersions.lists(page.id), queryKeys.pages.detail(page.id), wordpressKeys.page(page.id)]}
      />
    </Paper>
  );
  const wordpressPanel = <WordPressPublishPanel siteId={page.site} pageId={page.id} shownVersion={active ?? null} />;
  const contentCard = (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="content-title" data-testid="html-content">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id="content-title">
            {t('viewer.title')}
          </Title>
          {active && (
            <Group gap={6}>
              <Text size="sm" c="gray.7" data-testid="active-version-date">
                {t('viewer.versionOf', { date: formatDate(active.created_date) })}
              </Text>
              {activeState && (
                <Badge
                  size="sm"
                  variant="light"
                  color={STATE_COLOR[activeState]}
                  style={{ '--badge-color': STATE_TEXT[activeState] } as CSSProperties}
                >
                  {t(`table.state.${activeState}`)}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          {sendButton}
          {compareButton}
        </Group>
      </Group>
      {viewerBody}
    </Paper>
  );
  const claims = activeContent && <ClaimsList claims={versionScore.claims} />;
  const modifyForm = (
    <ModifyVersionForm
      versions={list}
      shownVersionId={active && !missing ? active.id : null}
      formatDate={formatDate}
      isUpdating={modify.isPending}
      onSubmit={submitModification}
    />
  );

  return (
    <ScreenContainer data-testid="page-versions-screen">
      <WorkspaceBreadcrumbs site={{ id: page.site, name: page.sites?.name ?? String(page.site) }} page={{ id: page.id, name: page.name }} current={t('versions')} />

      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="page-title">
            {page.name}
          </Title>
          <Anchor href={page.url} target="_blank" rel="noopener noreferrer" size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {page.url}
          </Anchor>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setIsConfirmingCreate(true)} loading={createVersion.isPending} data-testid="create-version">
          {t('create.button')}
        </Button>
      </Group>

      {wide ? (
        <Grid gap="lg">
          <Grid.Col span={4}>
            <Stack gap="lg">
              {versionsCard}
              {scorePanel}
              {sendsPanel}
              {actionsCard}
              {wordpressPanel}
            </Stack>
          </Grid.Col>
          <Grid.Col span={8}>
            <Stack gap="lg">
              {contentCard}
              {claims}
              {modifyForm}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        // a phone or a narrow window: the version shown (or the comparison) first, then the list to pick another
        <Stack gap="lg" data-testid="versions-narrow-layout">
          {contentCard}
          {versionsCard}
          {scorePanel}
          {claims}
          {modifyForm}
          {sendsPanel}
          {actionsCard}
          {wordpressPanel}
        </Stack>
      )}

      {active && (
        <SendToClientModal
          opened={sendOpen}
          onClose={() => setSendOpen(false)}
          versionDate={formatDate(active.created_date)}
          link={viewLink(window.location.origin, active.id)}
          client={siteClient.data}
          clientPending={siteClient.isPending || siteClient.isFetching}
          sentCount={sendsOfVersion(sends.data ?? [], active.id)}
          isSending={sendToClient.isPending}
          onSend={async ({ email, name }) => {
            const sent = await sendToClient.mutateAsync({ versionId: active.id, email, name });
            setSendOpen(false);
            showToast({ color: 'teal', title: t('send.success'), message: t('send.successText', { email: sent.to_email }) });
            return sent;
          }}
        />
      )}

      <RunConfirmModal
        opened={isConfirmingCreate}
        action="create_article"
        runs={1}
        isPending={createVersion.isPending}
        onConfirm={requestNewVersion}
        onClose={() => !createVersion.isPending && setIsConfirmingCreate(false)}
      />
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        isPending={deleteVersion.isPending}
        onConfirm={confirmDelete}
        onClose={() => !deleteVersion.isPending && setToDelete(null)}
      >
        <Text size="sm">{toDelete && t('delete.body', { date: formatDate(toDelete.created_date) })}</Text>
        {toDelete && toDelete.id === activeId && (
          <Text size="sm" c="gray.7">
            {t('delete.activeNote')}
          </Text>
        )}
      </ConfirmDeleteModal>
    </ScreenContainer>
  );
}
