import { useMemo, useState } from 'react';
import { Accordion, Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { AnswerRow } from '../api/answers';
import { answerToMarkdown, truncateWords, type AnswerRun } from '../utils/answers';
import { AnswerMarkdown } from './AnswerMarkdown';

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

export const modelName = (row: AnswerRow) => row.llms?.name ?? row.llms?.name_openrouter ?? String(row.linked_llm);

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
