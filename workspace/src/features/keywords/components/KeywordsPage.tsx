import '../i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconFileImport, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { LazyImportModal } from '../../../components/bulk/LazyImportModal';
import { PageActionsList } from '../../../components/PageActionsList';
import { PageSubScreen, type PageContext } from '../../../components/PageSubScreen';
import { SearchActionError } from '../../../components/queueSearchAction';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { NS } from '../i18n';
import { usePageKeywords, useQueueSerpSearch, useRemoveKeyword, useSerpsActionId, useSetToSearch, type PageKeywordRow } from '../api/keywords';
import { showSerpSearch } from '../utils/keywords';
import { AddKeywordModal } from './AddKeywordModal';
import { SerpResultsModal } from './SerpResultsModal';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { OverflowText } from '../../../components/OverflowText';

/** docs/product-rules.md#constants: the refresh after a queued action waits 2 s */
const REFRESH_AFTER_QUEUE_MS = 2000;

function KeywordsScreen({ page }: { page: PageContext }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const keywords = usePageKeywords(page.id, page.site);
  const serpsAction = useSerpsActionId();
  const setToSearch = useSetToSearch(page.id);
  const removeKeyword = useRemoveKeyword(page.id);
  const queueSearch = useQueueSerpSearch(page.id);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<{ id: number; text: string } | null>(null);
  const [toRemove, setToRemove] = useState<PageKeywordRow | null>(null);
  const [searching, setSearching] = useState<number | null>(null);
  const serpsActionId = serpsAction.data ?? null;
  const isMobile = useMediaQuery('(max-width: 48em)');

  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const refreshSoon = useCallback(() => {
    timers.current.push(
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.keywords.list(page.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.serps.all });
      }, REFRESH_AFTER_QUEUE_MS),
    );
  }, [page.id, queryClient]);

  const toggle = (row: PageKeywordRow, toSearch: boolean) => {
    setToSearch.mutate(
      { linkId: row.id, toSearch },
      {
        onError: (error) => showToast({ color: 'red', title: t('toggleError'), message: `${t('toggleErrorText')} ${dataErrorMessage(error, t)}` }),
      },
    );
  };

  /** Queues the serps action for a keyword: the first search (table button) and a refresh (SERP dialog) alike. */
  const search = (keywordId: number) => {
    if (serpsActionId === null) return;
    setSearching(keywordId);
    queueSearch.mutate(
      { actionId: serpsActionId, keywordId },
      {
        onSuccess: () => {
          showToast({ color: 'teal', message: t('search.queued') });
          refreshSoon();
        },
        onError: (error) => {
          const stage = error instanceof SearchActionError ? error.stage : 'create';
          const reason = error instanceof SearchActionError ? error.reason : error;
          showToast({ color: 'red', title: t(`search.${stage === 'action' ? 'create' : stage}`), message: dataErrorMessage(reason, t) });
        },
        onSettled: () => setSearching(null),
      },
    );
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    removeKeyword.mutate(toRemove.id, {
      onSuccess: () => {
        showToast({ color: 'teal', message: t('removeDialog.success') });
        setToRemove(null);
      },
      onError: (error) => showToast({ color: 'red', title: t('removeDialog.error'), message: dataErrorMessage(error, t) }),
    });
  };

  // fixed slot for up to three 34 px icons, so every row/card lines its actions up the same way
  const actionsOf = (row: PageKeywordRow) => (
    <Group gap={4} justify="flex-end" wrap="nowrap" w={110} style={{ flexShrink: 0 }}>
      {showSerpSearch(row, serpsActionId) && (
        <Tooltip label={t('serpSearch')}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('serpSearchOf', { keyword: row.keyword })}
            onClick={() => search(row.linked_keyword)}
            loading={searching === row.linked_keyword}
            data-testid="serp-search"
          >
            <IconSearch size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('viewSerps')}>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={t('viewSerpsOf', { keyword: row.keyword })}
          onClick={() => setViewing({ id: row.linked_keyword, text: row.keyword })}
          data-testid="view-serps"
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('remove')}>
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          aria-label={t('removeOf', { keyword: row.keyword })}
          onClick={() => setToRemove(row)}
          data-testid="remove-keyword"
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  let body;
  if (keywords.isPending) body = <ScreenLoader label={t('loading')} />;
  else if (keywords.isError) {
    body = (
      <LoadErrorAlert title={t('loadError')} detail={dataErrorMessage(keywords.error, t)} retryLabel={t('retry')} query={keywords} data-testid="keywords-error" />
    );
  } else if (keywords.data.length === 0) {
    body = (
      <Stack gap={4} py="lg" ta="center" data-testid="keywords-empty">
        <Text fw={600}>{t('empty')}</Text>
        <Text size="sm" c="gray.7">
          {t('emptyHint')}
        </Text>
      </Stack>
    );
  } else if (isMobile) {
    // phones: one card per keyword, every control in view (no sideways scrolling)
    body = (
      <Stack gap="xs" component="ul" aria-label={t('tableLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="keywords-list">
        {keywords.data.map((row) => (
          <Card key={row.id} component="li" withBorder radius="sm" padding="sm" data-testid="keyword-row" data-keyword={row.keyword}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" component="div" style={{ flex: '1 1 auto', minWidth: 0 }}>
                <OverflowText text={row.keyword} data-testid="keyword-text" />
              </Text>
              <Badge variant="light" color={row.serpCount > 0 ? 'indigo' : 'gray'} data-testid="serp-count" style={{ flexShrink: 0 }}>
                {t('serpCount', { count: row.serpCount })}
              </Badge>
            </Group>
            <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
              <Switch
                checked={row.to_search}
                onChange={(event) => toggle(row, event.currentTarget.checked)}
                label={t('columns.toSearch')}
                aria-label={t('toSearchLabel', { keyword: row.keyword })}
                size="sm"
                data-testid="to-search"
              />
              {actionsOf(row)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" layout="fixed" aria-label={t('tableLabel')} data-testid="keywords-table" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.keyword')}</Table.Th>
              <Table.Th w={200} style={{ whiteSpace: 'nowrap' }}>
                {t('columns.toSearch')}
              </Table.Th>
              <Table.Th w={140} style={{ whiteSpace: 'nowrap' }}>
                {t('columns.serps')}
              </Table.Th>
              <Table.Th w={130} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('columns.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keywords.data.map((row) => (
              <Table.Tr key={row.id} data-testid="keyword-row" data-keyword={row.keyword}>
                <Table.Td>
                  <Text fw={600} size="sm" component="div">
                    <OverflowText text={row.keyword} data-testid="keyword-text" />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={row.to_search}
                    onChange={(event) => toggle(row, event.currentTarget.checked)}
                    aria-label={t('toSearchLabel', { keyword: row.keyword })}
                    data-testid="to-search"
                  />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={row.serpCount > 0 ? 'indigo' : 'gray'} data-testid="serp-count">
                    {row.serpCount}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{actionsOf(row)}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('subtitle')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)} data-testid="import-keywords">
            {t('import')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="add-keyword">
            {t('add')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-label={t('tableLabel')}>
        {body}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
        <PageActionsList
          pageId={page.id}
          actionNames={['serps']}
          limit={5}
          title={t('actionsTitle')}
          invalidateOnSettled={[queryKeys.keywords.list(page.id), queryKeys.serps.all]}
        />
      </Paper>

      <AddKeywordModal pageId={page.id} opened={adding} onClose={() => setAdding(false)} />
      {importing && <LazyImportModal opened kind="keywordsPage" siteId={page.site} pageId={page.id} onClose={() => setImporting(false)} />}
      <SerpResultsModal
        keyword={viewing}
        siteId={page.site}
        siteUrl={page.sites?.url ?? null}
        onRefresh={serpsActionId === null ? undefined : (keyword) => search(keyword.id)}
        refreshing={viewing !== null && searching === viewing.id}
        onClose={() => setViewing(null)}
      />
      <ConfirmDeleteModal
        opened={toRemove !== null}
        title={t('removeDialog.title')}
        confirmLabel={t('removeDialog.confirm')}
        cancelLabel={t('removeDialog.cancel')}
        closeLabel={t('removeDialog.close')}
        isPending={removeKeyword.isPending}
        onConfirm={confirmRemove}
        onClose={() => !removeKeyword.isPending && setToRemove(null)}
      >
        <Text size="sm">{toRemove && t('removeDialog.body', { keyword: toRemove.keyword })}</Text>
      </ConfirmDeleteModal>
    </>
  );
}

/** The keywords of a page (/sites/:siteId/pages/:pageId/keywords-for-page, docs/product-rules.md#screens "Keywords"). */
export function KeywordsPage() {
  const { t } = useTranslation(NS);
  return (
    <PageSubScreen screenLabel={t('screen')} data-testid="keywords-screen">
      {(page) => <KeywordsScreen page={page} />}
    </PageSubScreen>
  );
}
