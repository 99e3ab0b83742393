import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { NS } from '../i18n';
import type { VisibilityOverview } from '../api/figures';
import { useQueueRun } from '../api/settings';
import { FALLBACK_CALL_COST_USD, planRun } from '../utils/run';

const REFUSALS = ['no_prompts', 'run_in_progress', 'budget_exhausted'] as const;

/** Before a run: its calls, estimated cost and the precision it buys; then the button, and the last runs. */
export function RunCard({
  siteId,
  pageId,
  overview,
  engineIds,
  prompts,
  current,
  money,
  dateFormat,
}: {
  siteId: number;
  pageId: number;
  overview: VisibilityOverview;
  engineIds: number[];
  prompts: number;
  current: ReadonlyMap<number, { answers: number; cited: number }>;
  money: Intl.NumberFormat;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation(NS);
  const queue = useQueueRun(siteId, pageId);
  const plan = planRun({ calls: overview.calls_per_run, engineIds, costPerCall: overview.cost_per_call, current });
  const start = () =>
    queue.mutate(undefined, {
      onSuccess: () => showToast({ color: 'teal', message: t('run.queued') }),
      onError: (error) => {
        const hint = toDataError(error).hint as (typeof REFUSALS)[number] | undefined;
        showToast({ color: 'red', title: t('run.error'), message: hint && REFUSALS.includes(hint) ? t(`run.${hint}`) : dataErrorMessage(error, t) });
      },
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="run-title" data-testid="run-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="run-title">
          {t('run.heading')}
        </Title>
        <Text fw={700} data-testid="run-calls">
          {t('run.calls', { count: plan.calls })}
        </Text>
        <Text size="sm" c="gray.7">
          {t('run.callsDetail', {
            prompts: t('units.questions', { count: prompts }),
            engines: t('units.engines', { count: engineIds.length }),
            runs: t('units.answers', { count: overview.settings.runs_per_prompt }),
          })}
        </Text>
        <Text data-testid="run-cost">{t('run.cost', { cost: money.format(plan.costUsd) })}</Text>
        {Number.isFinite(plan.precisionPoints) && <Text data-testid="run-precision">{t('run.precision', { points: Math.round(plan.precisionPoints) })}</Text>}
        <Text size="sm" data-testid="run-spend">
          {t('run.spend', { spent: money.format(overview.month_spend_usd), budget: money.format(overview.settings.monthly_budget_usd) })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('run.estimateNote', { fallback: money.format(FALLBACK_CALL_COST_USD) })}
        </Text>
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={start} loading={queue.isPending} disabled={plan.calls === 0} data-testid="run-start">
            {t('run.start')}
          </Button>
        </Group>
        {overview.runs.length > 0 && (
          <Stack gap={4} mt="xs">
            <Text size="sm" fw={600}>
              {t('run.history')}
            </Text>
            <List size="sm" spacing={4} listStyleType="none" pl={0} data-testid="run-history">
              {overview.runs.slice(0, 5).map((r) => (
                <List.Item key={r.id}>
                  <Group gap={6} wrap="wrap">
                    <Badge size="sm" variant="light" tt="none" color={r.status === 'done' ? 'teal.9' : r.status === 'failed' || r.status === 'stopped_budget' ? 'red.9' : 'gray.8'}>
                      {t(`run.status.${r.status}`)}
                    </Badge>
                    <Text size="sm">
                      {t('run.historyRow', { date: dateFormat.format(new Date(r.created_at)), done: r.calls_done, planned: r.calls_planned, cost: money.format(r.cost_usd) })} ·{' '}
                      {t(`run.trigger.${r.trigger}`)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
