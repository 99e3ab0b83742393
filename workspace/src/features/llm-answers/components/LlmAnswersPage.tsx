import '../i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
import { LLM_ACTION_MISSING, useAnswers, useSearchLlmAnswers, useVersionDates, type AnswerRow } from '../api/answers';
import { answerToMarkdown, truncateWords } from '../utils/answers';
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

function LlmAnswersScreen({ page }: { page: PageContext }) {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const answers = useAnswers(page.id);
  const versions = useVersionDates(page.id);
  const search = useSearchLlmAnswers(page.id);
  const isMobile = useMediaQuery('(max-width: 48em)');

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
  } else if (isMobile) {
    // phones: the model and its figures above each answer, the answer full width
    body = (
      <Stack gap="xs" component="ul" aria-label={t('table.label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {answers.data.map((row) => (
          <Card key={row.id} component="li" withBorder radius="sm" padding="sm" data-testid="answer-row">
            <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
              <Stack gap={0}>
                <Text size="sm" fw={700} data-testid="answer-model">
                  {row.llms?.name ?? row.llms?.name_openrouter ?? row.linked_llm}
                </Text>
                <Text size="xs" c="gray.7">
                  {dateFormat.format(new Date(row.created_at))}
                </Text>
              </Stack>
              <CitationCell row={row} />
            </Group>
            <AnswerCell row={row} />
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="md" aria-label={t('table.label')} data-testid="answers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{t('table.model')}</Table.Th>
              <Table.Th>{t('table.answer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answers.data.map((row) => (
              <Table.Tr key={row.id} data-testid="answer-row" style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Stack gap={6}>
                    <Text size="sm" fw={700} style={{ overflowWrap: 'break-word' }} data-testid="answer-model">
                      {row.llms?.name ?? row.llms?.name_openrouter ?? row.linked_llm}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                      {dateFormat.format(new Date(row.created_at))}
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
        <Button leftSection={<IconSparkles size={16} />} onClick={runSearch} loading={search.isPending} data-testid="search-llm">
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
