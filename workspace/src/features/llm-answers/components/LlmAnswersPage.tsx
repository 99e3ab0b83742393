import '../i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
import { LLM_ACTION_MISSING, llmAnswersPerModel, useAnswers, useLlmCount, useSearchLlmAnswers, useVersionDates } from '../api/answers';
import { groupAnswerRuns, LLM_RUN_QUESTIONS } from '../utils/answers';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { LlmRunCalls } from './LlmRunCalls';
import { computeCitationStats } from '../utils/citationStats';
import { AnswerRuns, modelName } from './AnswerRuns';
import { CitationFigures } from './CitationFigures';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

/** docs/product-rules.md#constants: the refresh after a queued action waits 2 s */
const REFRESH_AFTER_QUEUE_MS = 2000;

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
