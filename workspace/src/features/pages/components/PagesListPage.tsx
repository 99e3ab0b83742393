import '../i18n';
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPencil, IconPlus, IconSelector, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { ScoreBadge } from '../../../components/content-score/ScoreBadge';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';
import { usePages, type PageListRow } from '../api/getPages';
import { useSiteSummary } from '../api/getSiteSummary';
import {
  PAGE_SIZES,
  REVIEW_STATES,
  defaultAscending,
  isReviewState,
  needsCanonicalUrl,
  pageCountOf,
  readView,
  shownRange,
  writeView,
  type PageListView,
  type SortColumn,
} from '../utils/listParams';
import type { SelectedPage } from '../utils/versionUrls';
import { BatchActionsBar } from './BatchActionsBar';
import { PageCards } from './PageCards';
import { DeletePageDialog } from './DeletePageDialog';
import { ImportMenu } from './ImportMenu';
import { PageRowMenu } from './PageRowMenu';
import { PageFormModal, type EditedPage } from './PageFormModal';
import { SearchBox } from './SearchBox';
import { useStatusOptions } from './statusOptions';
import { StatusBadge } from './StatusBadge';
import { ReviewStateBadge } from './ReviewStateBadge';
import { parseRouteId } from '../../../utils/routeId';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useTapSize } from '../../../components/useTapSize';
import { ELLIPSIS, OverflowText } from '../../../components/OverflowText';
import { WorkspaceBreadcrumbs } from '../../../components/WorkspaceBreadcrumbs';

interface SortHeaderProps {
  column: SortColumn;
  label: string;
  view: PageListView;
  onSort: (column: SortColumn) => void;
  width?: number | string;
  visibleFrom?: 'xs' | 'sm' | 'md';
}

function SortHeader({ column, label, view, onSort, width, visibleFrom }: SortHeaderProps) {
  const { t } = useTranslation(NS);
  const active = view.sort === column;
  const Icon = !active ? IconSelector : view.ascending ? IconChevronUp : IconChevronDown;
  // the whole header cell is the button (not only its label and arrow): the cell's padding moves into it
  return (
    <Table.Th
      aria-sort={active ? (view.ascending ? 'ascending' : 'descending') : 'none'}
      style={{ width, whiteSpace: 'nowrap', padding: 0 }}
      visibleFrom={visibleFrom}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        title={t('list.sortBy', { column: label })}
        data-testid={`sort-${column}`}
        style={{
          display: 'flex',
          width: '100%',
          alignItems: 'center',
          gap: 4,
          padding: 'var(--table-vertical-spacing) var(--table-horizontal-spacing, var(--mantine-spacing-xs))',
          fontWeight: 700,
          fontSize: 'var(--mantine-font-size-sm)',
        }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** What the page form edits of a listed page. */
function editedPageOf(row: PageListRow): EditedPage {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.status,
    hide_cover_image_from_preview: row.hide_cover_image_from_preview,
    hide_revisions_texts_from_preview: row.hide_revisions_texts_from_preview,
  };
}

/** The page list of a site (/sites/:siteId/pages): docs/product-rules.md#screens "Page list". */
export function PagesListPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const location = useLocation();
  const { siteId: param } = useParams();
  const siteId = parseRouteId(param);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readView(searchParams), [searchParams]);
  const site = useSiteSummary(siteId);
  const pages = usePages(siteId, view);
  const statuses = useStatusOptions();
  const tapSize = useTapSize();
  const isPhone = useMediaQuery('(max-width: 48em)');

  const [selected, setSelected] = useState<Map<number, string>>(() => new Map());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EditedPage | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  const setView = (next: Partial<PageListView>, replace = false) => {
    setSearchParams(writeView({ ...view, ...next }), { replace });
  };

  // bad or default values in the address (size=7, page=0…): quietly replaced by the canonical form
  useEffect(() => {
    if (needsCanonicalUrl(searchParams)) setSearchParams(writeView(readView(searchParams)), { replace: true });
  }, [searchParams, setSearchParams]);

  // a page past the end: the server answered with the last page; the address follows
  const shownPage = pages.data && !pages.isPlaceholderData ? pages.data.page : null;
  useEffect(() => {
    if (shownPage !== null && shownPage !== view.page) {
      setSearchParams(writeView({ ...view, page: shownPage }), { replace: true });
    }
  }, [shownPage, view, setSearchParams]);

  const isLoadFailure = pages.isError;
  useEffect(() => {
    if (isLoadFailure) showToast({ color: 'red', title: t('list.loadError'), message: dataErrorMessage(pages.error, t) });
  }, [isLoadFailure, pages.error, t]);

  const siteMissing = siteId === null || (site.isError && isDataError(site.error) && site.error.kind === 'not_found');
  // Demo pages are readable by everyone (the pages read policy), so the list request alone would show
  // another user's demo page: rows are shown once the site lookup says the site is the user's, never
  // when it says not found (the list request itself stays the one the backend is tuned for).
  const rowsHidden = siteMissing || site.isPending;
  const siteName = site.data?.name ?? null;
  const rows: PageListRow[] = rowsHidden ? [] : (pages.data?.rows ?? []);
  const total = rowsHidden ? 0 : (pages.data?.total ?? 0);
  const page = siteMissing ? 1 : (pages.data?.page ?? view.page);
  const lastPage = pageCountOf(total, view.pageSize);
  const range = shownRange(page, view.pageSize, total);
  const isFirstLoad = !siteMissing && (pages.isPending || site.isPending);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const onSort = (column: SortColumn) => {
    const ascending = view.sort === column ? !view.ascending : defaultAscending(column);
    setView({ sort: column, ascending, page: 1 });
  };

  const visibleSelected = rows.filter((row) => selected.has(row.id)).length;
  const toggleRow = (row: PageListRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.name);
      return next;
    });
  const toggleVisible = () =>
    setSelected((current) => {
      const next = new Map(current);
      const all = rows.length > 0 && rows.every((row) => next.has(row.id));
      for (const row of rows) {
        if (all) next.delete(row.id);
        else next.set(row.id, row.name);
      }
      return next;
    });
  const selectedPages: SelectedPage[] = [...selected].map(([id, name]) => ({ id, name }));
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  const openRow = (row: PageListRow) => navigate(paths.page(siteId as number, row.id), { state: { listSearch: location.search } });
  const isFiltered = Boolean(view.search) || view.status !== null || view.review !== null;
  const emptyMessage = isFiltered ? t('list.noMatch') : t('list.noPages');

  const reviewFilterData = [
    { value: 'all', label: t('list.allReviewStates') },
    ...REVIEW_STATES.map((state) => ({ value: state, label: t(`reviewState.${state}`) })),
  ];
  const statusFilterData = [{ value: 'all', label: t('list.allStatuses') }, ...statuses.map((s) => ({ value: String(s.id), label: s.label }))];

  return (
    <ScreenContainer>
      {siteId !== null && <WorkspaceBreadcrumbs site={{ id: siteId, name: siteName }} pages />}

      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 280px' }} data-testid="pages-title">
          {siteName ? t('list.title', { site: siteName }) : t('list.titleNoSite')}
        </Title>
        <Group gap="xs">
          {siteId !== null && <ImportMenu siteId={siteId} siteUrl={site.data?.url} statuses={statuses} disabled={siteMissing || !site.data} />}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={siteMissing || !site.data}>
            {t('list.newPage')}
          </Button>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchBox value={view.search} onSearch={(search) => setView({ search, page: 1 }, true)} />
        <Select
          aria-label={t('list.statusFilter')}
          data={statusFilterData}
          value={view.status === null ? 'all' : String(view.status)}
          onChange={(value) => setView({ status: value && value !== 'all' ? Number(value) : null, page: 1 })}
          allowDeselect={false}
          checkIconPosition="right"
          w={{ base: '100%', xs: 200 }}
          data-testid="status-filter"
        />
        <Select
          aria-label={t('list.reviewFilter')}
          data={reviewFilterData}
          value={view.review ?? 'all'}
          onChange={(value) => setView({ review: isReviewState(value) ? value : null, page: 1 })}
          allowDeselect={false}
          checkIconPosition="right"
          w={{ base: '100%', xs: 230 }}
          data-testid="review-filter"
        />
      </Group>

      <BatchActionsBar
        selected={selectedPages}
        hiddenCount={selected.size - visibleSelected}
        onClear={() => setSelected(new Map())}
        siteId={siteMissing ? null : siteId}
        statuses={statuses}
      />

      {pages.isError && !pages.data ? (
        <LoadErrorAlert title={t('list.loadError')} detail={dataErrorMessage(pages.error, t)} retryLabel={t('list.retry')} query={pages} />
      ) : isPhone ? (
        // a phone: one card per page, nothing hidden behind a sideways scroll
        <PageCards
          rows={rows}
          selectedIds={selectedIds}
          onToggle={toggleRow}
          onToggleAll={toggleVisible}
          linkOf={(row) => ({ to: paths.page(siteId as number, row.id), state: { listSearch: location.search } })}
          onEdit={(row) => setEditing(editedPageOf(row))}
          onDelete={(row) => setDeleting({ id: row.id, name: row.name })}
          formatDate={(iso) => dateFormat.format(new Date(iso))}
          tapSize={tapSize}
          isLoading={isFirstLoad}
          isStale={pages.isPlaceholderData}
          empty={{ message: emptyMessage, hint: !isFiltered && !siteMissing ? t('list.noPagesHint') : null }}
        />
      ) : (
        <Table.ScrollContainer minWidth={isPhone ? 880 : 1060} type="native" style={{ position: 'relative' }}>
          <Table
            verticalSpacing="xs"
            highlightOnHover
            aria-label={t('list.tableLabel')}
            aria-busy={pages.isFetching}
            data-testid="pages-table"
            style={{ opacity: pages.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ width: 40 }}>
                  <Checkbox
                    aria-label={t('list.selectAllOnPage')}
                    checked={rows.length > 0 && visibleSelected === rows.length}
                    indeterminate={visibleSelected > 0 && visibleSelected < rows.length}
                    disabled={rows.length === 0}
                    onChange={toggleVisible}
                  />
                </Table.Th>
                <SortHeader column="name" label={t('list.columns.name')} view={view} onSort={onSort} />
                {/* the score next to the name: seen on a phone without scrolling the table */}
                <SortHeader column="content_score" label={t('list.columns.score')} view={view} onSort={onSort} />
                <SortHeader column="url" label={t('list.columns.url')} view={view} onSort={onSort} visibleFrom="sm" />
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.columns.review')}</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.columns.status')}</Table.Th>
                <SortHeader column="date_modified" label={t('list.columns.dateModified')} view={view} onSort={onSort} />
                <Table.Th style={{ textAlign: 'right' }}>{t('list.columns.serps')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('list.columns.llmAnswers')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('list.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isFirstLoad && (
                <Table.Tr>
                  <Table.Td colSpan={10}>
                    <Group justify="center" gap="xs" py="lg" role="status">
                      <Loader size="sm" />
                      <Text size="sm" c="gray.7">
                        {t('list.loading')}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
              {!isFirstLoad && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={10}>
                    <Stack align="center" gap={4} py="xl" data-testid="pages-empty">
                      <Text fw={600}>{emptyMessage}</Text>
                      {!isFiltered && !siteMissing && (
                        <Text size="sm" c="gray.7">
                          {t('list.noPagesHint')}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => {
                const isSelected = selected.has(row.id);
                return (
                  <Table.Tr
                    key={row.id}
                    onClick={() => openRow(row)}
                    bg={isSelected ? 'var(--mantine-color-indigo-0)' : undefined}
                    style={{ cursor: 'pointer' }}
                    data-testid="page-row"
                    data-page-id={row.id}
                  >
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Checkbox aria-label={t('list.selectPage', { name: row.name })} checked={isSelected} onChange={() => toggleRow(row)} />
                    </Table.Td>
                    <Table.Td>
                      <OverflowText text={row.name} maw={isPhone ? 170 : 320} childIsFocusable data-testid="page-name-line">
                        <Anchor
                          component={Link}
                          to={paths.page(siteId as number, row.id)}
                          state={{ listSearch: location.search }}
                          onClick={(event) => event.stopPropagation()}
                          fw={600}
                          size="sm"
                          c="dark.8"
                          style={ELLIPSIS}
                          data-testid="page-name"
                        >
                          {row.name}
                        </Anchor>
                      </OverflowText>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <ScoreBadge score={row.content_score} testId="page-score" compact />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="gray.7" component="div">
                        <OverflowText text={row.url} maw={170} data-testid="page-url" />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ReviewStateBadge state={row.review_state} testId="page-review-state" />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge id={row.status} name={row.statuses?.name} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" component="time" dateTime={row.date_modified}>
                        {dateFormat.format(new Date(row.date_modified))}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Text size="sm">{row.serp_results_count}</Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Text size="sm">{row.llm_answers_count}</Text>
                    </Table.Td>
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('list.edit')} withArrow>
                          <ActionIcon
                            size={tapSize}
                            variant="subtle"
                            color="gray.8"
                            aria-label={`${t('list.edit')} – ${row.name}`}
                            onClick={() =>
                              setEditing({
                                id: row.id,
                                name: row.name,
                                url: row.url,
                                status: row.status,
                                hide_cover_image_from_preview: row.hide_cover_image_from_preview,
                                hide_revisions_texts_from_preview: row.hide_revisions_texts_from_preview,
                              })
                            }
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('list.delete')} withArrow>
                          <ActionIcon
                            size={tapSize}
                            variant="subtle"
                            color="red.8"
                            aria-label={`${t('list.delete')} – ${row.name}`}
                            onClick={() => setDeleting({ id: row.id, name: row.name })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <PageRowMenu siteId={siteId as number} siteUrl={site.data?.url} page={{ id: row.id, name: row.name }} size={tapSize} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="gray.8" data-testid="pages-range" aria-live="polite">
          {t('list.showing', { from: range.from, to: range.to, total })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="gray.8" component="label" htmlFor="pages-size">
              {t('list.rowsPerPage')}
            </Text>
            <Select
              id="pages-size"
              data={PAGE_SIZES.map((size) => String(size))}
              value={String(view.pageSize)}
              onChange={(value) => value && setView({ pageSize: Number(value), page: 1 })}
              allowDeselect={false}
              w={80}
              size="xs"
              data-testid="page-size"
            />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="default" disabled={page <= 1 || isFirstLoad} onClick={() => setView({ page: page - 1 })}>
              {t('list.previous')}
            </Button>
            <Text size="sm" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
              {t('list.pageOf', { page, pages: lastPage })}
            </Text>
            <Button size="xs" variant="default" disabled={page >= lastPage || isFirstLoad} onClick={() => setView({ page: page + 1 })}>
              {t('list.next')}
            </Button>
          </Group>
        </Group>
      </Group>

      {siteId !== null && (
        <>
          <PageFormModal
            opened={creating || editing !== null}
            siteId={siteId}
            siteUrl={site.data?.url}
            page={editing}
            statuses={statuses}
            onClose={() => {
              setCreating(false);
              setEditing(null);
            }}
          />
          <DeletePageDialog
            siteId={siteId}
            page={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={(pageId) =>
              setSelected((current) => {
                const next = new Map(current);
                next.delete(pageId);
                return next;
              })
            }
          />
        </>
      )}
    </ScreenContainer>
  );
}
