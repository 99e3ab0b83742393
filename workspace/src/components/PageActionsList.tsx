import './page-actions/i18n';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Collapse, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NS } from './page-actions/i18n';
import { isActive, useLatestPageActions, type PageActionRow } from './page-actions/pageActions';
import { durationText, parseStages, parseWarnings, warningText } from './page-actions/actionRecord';
import { formatUsd } from './run-estimate/runEstimate';
import { LoadErrorAlert } from './LoadErrorAlert';

export type { PageActionRow } from './page-actions/pageActions';
export { latestPageActionsKey, getLatestPageActions } from './page-actions/pageActions';

export interface PageActionsListProps {
  /** the page whose actions are listed */
  pageId: number;
  /** only these actions (names in the actions table, e.g. ['create_article', 'modify_articles_with_instructions']); all by default */
  actionNames?: readonly string[];
  /** how many of the latest actions to show (default 10) */
  limit?: number;
  /** refetch every `pollIntervalMs` while one of them is queued or running (default true) */
  pollWhileActive?: boolean;
  /** default 3000 ms */
  pollIntervalMs?: number;
  /**
   * Called once for each action seen queued/running that is now done or failed (e.g. to reload the
   * page's versions after a create_article finished).
   */
  onSettled?: (action: PageActionRow) => void;
  /** query keys to invalidate when an action settles (e.g. [queryKeys.pageVersions.lists(pageId)]) */
  invalidateOnSettled?: readonly QueryKey[];
  /** heading above the list; default 'Queued actions'; null for none */
  title?: ReactNode;
}

// text at the 9th shade: AA contrast on the light tints
const STATE_COLOR: Record<string, string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };

/**
 * The latest actions of a page with their state (queued, running, done, failed with its error):
 * the worker's columns of pages_actions. Polls while one is active and reports those that settle.
 */
export function PageActionsList({
  pageId,
  actionNames,
  limit = 10,
  pollWhileActive = true,
  pollIntervalMs = 3000,
  onSettled,
  invalidateOnSettled,
  title,
}: PageActionsListProps) {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const actions = useLatestPageActions(pageId, { actionNames, limit, pollWhileActive, pollIntervalMs });

  // ids seen active: when one of them comes back done/failed, it has settled
  const activeIds = useRef<Set<number> | null>(null);
  const onSettledRef = useRef(onSettled);
  const invalidateRef = useRef(invalidateOnSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
    invalidateRef.current = invalidateOnSettled;
  });
  useEffect(() => {
    const rows = actions.data;
    if (!rows) return;
    const previous = activeIds.current;
    const settled = previous ? rows.filter((row) => previous.has(row.id) && !isActive(row)) : [];
    activeIds.current = new Set(rows.filter(isActive).map((row) => row.id));
    if (settled.length === 0) return;
    for (const row of settled) onSettledRef.current?.(row);
    for (const key of invalidateRef.current ?? []) void queryClient.invalidateQueries({ queryKey: key });
  }, [actions.data, queryClient]);

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // what a finished run took and cost (recorded by the worker), written as the run confirmation writes them
  const heading =
    title === null ? null : (
      <Title order={2} size="h4">
        {title ?? t('title')}
      </Title>
    );

  let body: ReactNode;
  if (actions.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="gray.7">
          {t('loading')}
        </Text>
      </Group>
    );
  } else if (actions.isError) {
    body = (
      <LoadErrorAlert title={t('loadError')} retryLabel={t('retry')} query={actions} />
    );
  } else if (actions.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7" data-testid="page-actions-empty">
        {t('empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
        {actions.data.map((row) => {
          const name = row.actions?.name ?? 'unknown';
          return (
            <Card
              key={row.id}
              component="li"
              withBorder
              radius="sm"
              padding="sm"
              data-testid="page-action"
              data-action={name}
              data-status={row.status}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t(`action.${name}`, { defaultValue: name })}
                </Text>
                <Badge
                  color={STATE_COLOR[row.status] ?? 'gray'}
                  // queued and done on white: the 9th shade of teal is under AA on its light tint
                  variant={row.status === 'queued' || row.status === 'done' ? 'outline' : 'light'}
                  styles={{ label: { color: `var(--mantine-color-${STATE_COLOR[row.status] ?? 'gray'}-9)` } }}
                  leftSection={row.status === 'running' ? <Loader size={10} color="blue" /> : undefined}
                >
                  {t(`status.${row.status}`, { defaultValue: row.status })}
                </Badge>
              </Group>
              <Text size="xs" c="gray.7" mt={4}>
                {t('queuedAt', { date: dateFormat.format(new Date(row.created_date)) })}
                {row.updated_at !== row.created_date && ` · ${t('updatedAt', { date: dateFormat.format(new Date(row.updated_at)) })}`}
                {row.attempts > 0 && ` · ${t('attempts', { count: row.attempts })}`}
                {row.duration_ms !== null && ` · ${durationText(Number(row.duration_ms), t, i18n.language)}`}
                {row.cost_usd !== null && ` · ${t('cost', { cost: formatUsd(Number(row.cost_usd), i18n.language) })}`}
              </Text>
              {row.status === 'failed' && (
                <Text size="sm" c="red.8" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="page-action-error">
                  {t('errorLabel')} {row.last_error || t('unknownError')}
                </Text>
              )}
              <ActionRecord row={row} />
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="page-actions">
      {heading}
      {body}
    </Stack>
  );
}

/** An action's warnings (translated by code, else the worker's message) and its stages' time and cost, folded. */
function ActionRecord({ row }: { row: PageActionRow }) {
  const { t, i18n } = useTranslation(NS);
  const [showStages, setShowStages] = useState(false);
  const stagesId = useId();
  const warnings = parseWarnings(row.warnings);
  const stages = parseStages(row.stages);
  if (warnings.length === 0 && stages.length === 0) return null;
  const lng = i18n.language;
  const seconds = new Intl.NumberFormat(lng, { maximumFractionDigits: 1 });
  return (
    <>
      {warnings.length > 0 && (
        <List
          size="sm"
          mt={6}
          spacing={2}
          aria-label={t('warningsLabel')}
          icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden style={{ marginTop: 3 }} />}
          styles={{ itemWrapper: { alignItems: 'flex-start' }, itemLabel: { minWidth: 0 } }}
          data-testid="page-action-warnings"
        >
          {warnings.map((warning, i) => (
            <List.Item key={`${warning.code}-${i}`} c="dark.7" style={{ overflowWrap: 'anywhere' }} data-testid="page-action-warning" data-code={warning.code}>
              {warningText(warning, t, lng)}
            </List.Item>
          ))}
        </List>
      )}
      {stages.length > 0 && (
        <>
          <Button
            variant="subtle"
            color="gray"
            c="dark.8"
            size="compact-xs"
            mt={6}
            px={4}
            leftSection={showStages ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            aria-expanded={showStages}
            aria-controls={stagesId}
            onClick={() => setShowStages((v) => !v)}
            style={{ alignSelf: 'flex-start' }}
            data-testid="page-action-stages-toggle"
          >
            {t('stagesToggle')}
          </Button>
          <Collapse expanded={showStages} id={stagesId}>
            <Table.ScrollContainer minWidth={220} mt={4}>
              <Table withTableBorder={false} verticalSpacing={2} horizontalSpacing="xs" fz="xs" data-testid="page-action-stages" aria-label={t('stagesLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('stageColumns.stage')}</Table.Th>
                    <Table.Th ta="right">{t('stageColumns.time')}</Table.Th>
                    <Table.Th ta="right">{t('stageColumns.cost')}</Table.Th>
                    <Table.Th ta="right" visibleFrom="xs">
                      {t('stageColumns.calls')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stages.map((stage, i) => (
                    <Table.Tr key={`${stage.stage}-${i}`} data-testid="page-action-stage" data-stage={stage.stage}>
                      <Table.Td>{t(`stage.${stage.stage}`, { defaultValue: stage.stage })}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {t('stageSeconds', { seconds: seconds.format(stage.ms / 1000) })}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {stage.costUsd === null ? t('stageCostUnknown') : formatUsd(stage.costUsd, lng)}
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="xs">
                        {stage.calls ?? '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Collapse>
        </>
      )}
    </>
  );
}
