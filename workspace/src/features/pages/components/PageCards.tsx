import '../i18n';
import { Anchor, Card, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ScoreBadge } from '../../../components/content-score/ScoreBadge';
import { NS } from '../i18n';
import type { PageListRow } from '../api/getPages';
import { PageRowActions } from './PageRowActions';
import { ReviewStateBadge } from './ReviewStateBadge';
import { StatusBadge } from './StatusBadge';

export interface PageCardsProps {
  rows: readonly PageListRow[];
  /** ids of the selected pages (any page of the list, shown or not) */
  selectedIds: ReadonlySet<number>;
  onToggle: (row: PageListRow) => void;
  /** selects (or clears, when all are selected) the pages shown */
  onToggleAll: () => void;
  /** where a card's name leads, and the state handed to that screen */
  linkOf: (row: PageListRow) => { to: string; state?: unknown };
  /** the site of the pages (the row menu: create the article, import keywords) */
  siteId: number;
  siteUrl?: string | null;
  onEdit: (row: PageListRow) => void;
  onDelete: (row: PageListRow) => void;
  formatDate: (iso: string) => string;
  /** ActionIcon size: 44 px taps on phones */
  tapSize: 'xl' | 'md';
  isLoading: boolean;
  /** a faded list while the next page or filter loads */
  isStale?: boolean;
  /** shown instead of the cards when there are none (and nothing is loading) */
  empty: { message: string; hint?: string | null };
}

/**
 * The page list on a phone (docs/product-rules.md#screens "Page list"): one card per page, every column
 * of the table in view without scrolling sideways — name, URL, review state, status, score, last
 * change, SERP and LLM counts, the row's actions — and the selection checkbox, with a "select the
 * pages shown" box above the cards (the table's header checkbox).
 */
export function PageCards({
  rows,
  selectedIds,
  onToggle,
  onToggleAll,
  linkOf,
  siteId,
  siteUrl,
  onEdit,
  onDelete,
  formatDate,
  tapSize,
  isLoading,
  isStale = false,
  empty,
}: PageCardsProps) {
  const { t } = useTranslation(NS);
  const selectedShown = rows.filter((row) => selectedIds.has(row.id)).length;

  if (isLoading) {
    return (
      <Group justify="center" gap="xs" py="lg" role="status" data-testid="pages-cards">
        <Loader size="sm" />
        <Text size="sm" c="gray.7">
          {t('list.loading')}
        </Text>
      </Group>
    );
  }
  if (rows.length === 0) {
    return (
      <Stack align="center" gap={4} py="xl" ta="center" data-testid="pages-cards">
        <Text fw={600} data-testid="pages-empty">
          {empty.message}
        </Text>
        {empty.hint && (
          <Text size="sm" c="gray.7">
            {empty.hint}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs" data-testid="pages-cards" style={{ opacity: isStale ? 0.6 : 1, transition: 'opacity 120ms' }}>
      <Checkbox
        label={t('list.selectAllOnPage')}
        checked={selectedShown === rows.length}
        indeterminate={selectedShown > 0 && selectedShown < rows.length}
        onChange={onToggleAll}
        data-testid="cards-select-all"
      />
      <Stack gap="xs" component="ul" aria-label={t('list.tableLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => {
          const isSelected = selectedIds.has(row.id);
          const link = linkOf(row);
          return (
            <Card
              key={row.id}
              component="li"
              withBorder
              radius="sm"
              padding="sm"
              bg={isSelected ? 'var(--mantine-color-indigo-0)' : undefined}
              data-testid="page-card"
              data-page-id={row.id}
              data-selected={isSelected || undefined}
            >
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Checkbox
                  aria-label={t('list.selectPage', { name: row.name })}
                  checked={isSelected}
                  onChange={() => onToggle(row)}
                  mt={2}
                  data-testid="page-card-select"
                />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    component={Link}
                    to={link.to}
                    state={link.state}
                    fw={600}
                    size="sm"
                    c="dark.8"
                    // three lines at most on a card, the whole name in the tooltip and on the page (fresh-eyes audit 13, A9)
                    lineClamp={3}
                    title={row.name}
                    style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                    data-testid="page-name"
                  >
                    {row.name}
                  </Anchor>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="page-url">
                    {row.url}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <ReviewStateBadge state={row.review_state} testId="page-review-state" />
                    <StatusBadge id={row.status} name={row.statuses?.name} testId="page-status" />
                  </Group>
                  {/* each fact on one line: a date or a count never split from its noun (no-break spaces in the texts) */}
                  <Text size="xs" c="gray.8">
                    {t('cards.modified')}{'\u00a0'}
                    <time dateTime={row.date_modified} data-testid="page-date" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(row.date_modified)}
                    </time>
                  </Text>
                  <Text size="xs" c="gray.8" data-testid="page-counts">
                    <span style={{ whiteSpace: 'nowrap' }}>{t('cards.serps', { count: row.serp_results_count })}</span>
                    {' · '}
                    <span style={{ whiteSpace: 'nowrap' }}>{t('cards.llmAnswers', { count: row.llm_answers_count })}</span>
                  </Text>
                  {/* the score, and the page's actions (the table's Actions column, its menu included) */}
                  <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="gray.7" component="span">
                        {t('list.columns.score')}
                      </Text>
                      <ScoreBadge score={row.content_score} testId="page-score" compact />
                    </Group>
                    <PageRowActions row={row} siteId={siteId} siteUrl={siteUrl} onEdit={onEdit} onDelete={onDelete} tapSize={tapSize} />
                  </Group>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
