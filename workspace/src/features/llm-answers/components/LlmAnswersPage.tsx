import '../i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Accordion, Anchor, Badge, Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { PageActionsList } from '../../../components/PageActionsList';
import { PageSubScreen, type PageContext } from '../../../components/PageSubScreen';
import { SearchActionError } from '../../../components/queueSearchAction';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { NS } from '../i18n';
import { LLM_ACTION_MISSING, llmAnswersPerModel, useAnswers, useLlmCount, useSearchLlmAnswers, useVersionDates, type AnswerRow } from '../api/answers';
import { answerToMarkdown, groupAnswerRuns, LLM_RUN_QUESTIONS, truncateWords, type AnswerRun } from '../utils/answers';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { LlmRunCalls } from './LlmRunCalls';
import { computeCitationStats } from '../utils/citationStats';
import { AnswerMarkdown } from './AnswerMarkdown';
import { CitationFigures } from './CitationFigures';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

/** docs/product-rules.md#constants: the refresh after a queued action waits 2 s */
const REFRESH_AFTER_QUEUE_MS = 2000;

function AnswerCell({ row }: { row: AnswerRow }) {
  const { t } = useTranslation(NS);
  const [expanded, setExpanded] = useState(false);
  const markdown = useMemo(() => answerToMarkdown(row.answer), [row.answer]);
  const short = useMemo(() => truncateWords(markdown), [markdown]);
  return (
    <Stack gap={6}>
      {row.question && (
        <Text size="sm" c="gray.7">
          <Text span fw={600}>
            {t('table.question')}
          </Text>{' '}
          {row.question}
        </Text>
      )}
      <AnswerMarkdown markdown={expanded || !short.truncated ? markdown : short.text} />
      {row.cited_domains && row.cited_domains.length > 0 && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="answer-sources">
          {t('table.citedSources')} {row.cited_domains.join(', ')}
        </Text>
      )}
      {short.truncated && (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} w="fit-content" data-testid="toggle-answer">
          {expanded ? t('table.showLess') : t('table.showMore')}
        </Anchor>
      )}
    </Stack>
  );
}

function CitationCell({ row }: { row: AnswerRow }) {
  const { t } = useTranslation(NS);
  if (!row.analysed_at) {
    return (
      <Badge variant="outline" color="gray.8" size="sm" tt="none">
        {t('table.notAnalysed')}
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant={row.domain_cited ? 'filled' : 'outline'} color={row.domain_cited ? 'teal.9' : 'gray.8'} size="sm" tt="none" data-testid="badge-domain" data-value={String(row.domain_cited)}>
        {row.domain_cited ? t('table.domainCited') : t('table.domainNotCited')}
      </Badge>
      <Badge variant={row.brand_mentioned ? 'filled' : 'outline'} color={row.brand_mentioned ? 'indigo.8' : 'gray.8'} size="sm" tt="none" data-testid="badge-brand" data-value={String(row.brand_mentioned)}>
        {row.brand_mentioned ? t('table.brandMentioned') : t('table.brandNotMentioned')}
      </Badge>
    </Stack>
  );
}

const modelName = (row: AnswerRow) => row.llms?.name ?? row.llms?.name_openrouter ?? String(row.linked_llm);

/** The answers of one run: a table on wide screens, one card per answer on phones. */
function RunAnswerList({ run, isMobile, label }: { run: AnswerRun<AnswerRow>; isMobile: boolean; label: string }) {
  const { t } = useTranslation(NS);
  if (isMobile) {
    // phones: the model and its figures above each answer, the answer full width
    return (
      <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {run.answers.map((row) => (
          <Card key={row.id} component="li" withBorder radius="sm" padding="sm" data-testid="answer-row">
            <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
              <Text size="sm" fw={700} data-testid="answer-model">
                {modelName(row)}
              </Text>
              <CitationCell row={row} />
            </Group>
            <AnswerCell row={row} />
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="md" aria-label={label} data-testid="answers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('table.model')}</Table.Th>
            <Table.Th>{t('table.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.answers.map((row) => (
            <Table.Tr key={row.id} data-testid="answer-row" style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <Stack gap={6}>
                  <Text size="sm" fw={700} style={{ overflowWrap: 'break-word' }} data-testid="answer-model">
                    {modelName(row)}
                  </Text>
                  <CitationCell row={row} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <AnswerCell row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface AnswerRunsProps {
  runs: AnswerRun<AnswerRow>[];
  isMobile: boolean;
  dateFormat: Intl.DateTimeFormat;
  /** the keys of the open runs */
  open: string[];
  onOpenChange: (keys: string[]) => void;
}

/**
 * The answers grouped by run (issue 32), newest first: each run a collapsible section named by its date,
 * its models and its number of answers; the latest open, the others closed.
 */
export function AnswerRuns({ runs, isMobile, dateFormat, open, onOpenChange }: AnswerRunsProps) {
  const { t } = useTranslation(NS);
  return (
    <Accordion multiple value={open} onChange={onOpenChange} variant="separated" radius="md" order={3} data-testid="answer-runs">
      {runs.map((run, i) => {
        const date = dateFormat.format(new Date(run.date));
        const analysed = run.answers.filter((a) => a.analysed_at);
        const cited = analysed.filter((a) => a.domain_cited).length;
        return (
          <Accordion.Item key={run.key} value={run.key} data-testid="answer-run" data-run={run.key}>
            <Accordion.Control data-testid="answer-run-toggle">
              <Stack gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700} size="sm" data-testid="answer-run-date">
                    {t('runs.title', { date })}
                  </Text>
                  {i === 0 && (
                    <Badge variant="light" color="indigo" size="sm" tt="none">
                      {t('runs.latest')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="gray.7" data-testid="answer-run-models" style={{ overflowWrap: 'anywhere' }}>
                  {t('runs.summary', { count: run.answers.length, models: run.models.join(', ') })}
                  {analysed.length > 0 && ` · ${t('runs.cited', { count: analysed.length, cited })}`}
                </Text>
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              <RunAnswerList run={run} isMobile={isMobile} label={t('runs.label', { date })} />
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

function LlmAnswersScreen({ page }: { page: PageContext }) {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const answers = useAnswers(page.id);
  const versions = useVersionDates(page.id);
  const search = useSearchLlmAnswers(page.id);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const [confirming, setConfirming] = useState(false);
  const [openRuns, setOpenRuns] = useState<string[] | null>(null);
  const llmCount = useLlmCount(confirming);
  const runs = useMemo(() => groupAnswerRuns(answers.data ?? [], modelName), [answers.data]);

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  const versionOrder = useMemo(() => (versions.data ?? []).map((v) => v.id), [versions.data]);
  const versionLabel = useCallback(
    (id: string) => {
      const version = versions.data?.find((v) => v.id === id);
      if (!version) return t('figures.unknownVersion');
      const label = t('figures.versionOf', { date: dateFormat.format(new Date(version.created_date)) });
      return versions.data?.[0]?.id === id ? `${label} (${t('figures.latest')})` : label;
    },
    [versions.data, dateFormat, t],
  );
  const stats = useMemo(
    () =>
      computeCitationStats(
        (answers.data ?? []).map((row) => ({ ...row, model: row.llms?.name ?? row.llms?.name_openrouter ?? String(row.linked_llm) })),
        page.sites?.url,
        versionOrder,
      ),
    [answers.data, page.sites?.url, versionOrder],
  );

  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const refreshSoon = useCallback(() => {
    timers.current.push(
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.llmAnswers.list(page.id) }), REFRESH_AFTER_QUEUE_MS),
    );
  }, [page.id, queryClient]);

  const runSearch = () => {
    search.mutate(undefined, {
      onSuccess: () => {
        showToast({ color: 'teal', message: t('searchQueued') });
        refreshSoon();
      },
      onSettled: () => setConfirming(false),
      onError: (error) => {
        const missing = isDataError(error) && error.message === LLM_ACTION_MISSING;
        const reason = error instanceof SearchActionError ? error.reason : error;
        showToast({
          color: 'red',
          title: missing ? t('actionMissing') : t('searchError'),
          message: missing ? undefined : dataErrorMessage(reason, t),
        });
      },
    });
  };

  let body;
  if (answers.isPending) body = <ScreenLoader label={t('loading')} />;
  else if (answers.isError) {
    body = (
      <LoadErrorAlert title={t('loadError')} detail={dataErrorMessage(answers.error, t)} retryLabel={t('retry')} query={answers} data-testid="answers-error" />
    );
  } else if (answers.data.length === 0) {
    body = (
      <Stack gap={4} py="lg" ta="center" data-testid="answers-empty">
        <Text fw={600}>{t('table.empty')}</Text>
        <Text size="sm" c="gray.7">
          {t('table.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <AnswerRuns runs={runs} isMobile={Boolean(isMobile)} dateFormat={dateFormat} open={openRuns ?? (runs[0] ? [runs[0].key] : [])} onOpenChange={setOpenRuns} />
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('subtitle')}
          </Text>
        </Stack>
        <Button leftSection={<IconSparkles size={16} />} onClick={() => setConfirming(true)} loading={search.isPending} data-testid="search-llm">
          {t('search')}
        </Button>
      </Group>

      {answers.isSuccess && answers.data.length > 0 && <CitationFigures stats={stats} versionLabel={versionLabel} />}

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="answers-title">
        <Title order={2} size="h4" id="answers-title" mb="sm" px={{ base: 4, sm: 0 }}>
          {t('table.heading')}
        </Title>
        {body}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
        <PageActionsList
          pageId={page.id}
          actionNames={['llm_answers']}
          limit={5}
          title={t('actionsTitle')}
          invalidateOnSettled={[queryKeys.llmAnswers.list(page.id)]}
        />
      </Paper>

      <RunConfirmModal
        opened={confirming}
        action="llm_answers"
        runs={1}
        isPending={search.isPending}
        summary={
          <LlmRunCalls
            models={llmCount.data ?? null}
            perModel={llmAnswersPerModel()}
            questions={LLM_RUN_QUESTIONS}
            isPending={llmCount.isPending}
            error={llmCount.isError ? llmCount.error : null}
          />
        }
        onConfirm={runSearch}
        onClose={() => !search.isPending && setConfirming(false)}
      />
    </>
  );
}

/** The LLM answers of a page (/sites/:siteId/pages/:pageId/llm-answers-for-page, docs/product-rules.md#screens "LLM answers"). */
export function LlmAnswersPage() {
  const { t } = useTranslation(NS);
  return (
    <PageSubScreen screenLabel={t('screen')} data-testid="llm-answers-screen">
      {(page) => <LlmAnswersScreen page={page} />}
    </PageSubScreen>
  );
}
