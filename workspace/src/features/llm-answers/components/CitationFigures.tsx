import { Alert, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { CitationGroup, CitationStats, Competitor } from '../utils/citationStats';
import type { Proportion } from '../utils/wilson';

interface CitationFiguresProps {
  stats: CitationStats;
  /** a version id → its label ('Version of …', current) */
  versionLabel: (versionId: string) => string;
}

function usePercent() {
  const { i18n } = useTranslation(NS);
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (x: number) => format.format(x);
}

function RateCard({ label, value, testId }: { label: string; value: Proportion | null; testId: string }) {
  const { t } = useTranslation(NS);
  const pct = usePercent();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" fw={600} c="gray.7">
        {label}
      </Text>
      {value ? (
        <>
          <Group gap={8} align="baseline" wrap="wrap">
            <Text fz={32} fw={800} lh={1.2} data-testid={`${testId}-rate`}>
              {pct(value.rate)}
            </Text>
            <Text size="sm" data-testid={`${testId}-k-of-n`}>
              {value.k === 0 ? t('figures.kOfNNone', { count: value.n }) : t('figures.kOfN', { count: value.k, k: value.k, n: value.n })}
            </Text>
          </Group>
          <Text size="sm" c="gray.7" data-testid={`${testId}-interval`}>
            {t('figures.interval', { low: pct(value.low), high: pct(value.high) })}
          </Text>
          <IntervalBar value={value} />
        </>
      ) : (
        <Text size="sm" c="gray.7">
          –
        </Text>
      )}
    </Paper>
  );
}

/** The rate as a dot on its interval, on a 0–100 % track (decorative: the numbers are in the text). */
function IntervalBar({ value }: { value: Proportion }) {
  return (
    <div aria-hidden="true" style={{ position: 'relative', height: 10, marginTop: 8, borderRadius: 5, background: 'var(--mantine-color-gray-2)' }}>
      <div
        style={{
          position: 'absolute',
          left: `${value.low * 100}%`,
          width: `${Math.max((value.high - value.low) * 100, 1)}%`,
          top: 0,
          bottom: 0,
          borderRadius: 5,
          background: 'var(--mantine-color-indigo-3)',
        }}
      />
      <div
        style={{
          position: 'absolute',
          left: `calc(${value.rate * 100}% - 5px)`,
          top: 0,
          width: 10,
          height: 10,
          borderRadius: 5,
          background: 'var(--mantine-color-indigo-8)',
        }}
      />
    </div>
  );
}

function Competitors({ list, testId }: { list: Competitor[]; testId?: string }) {
  const { t } = useTranslation(NS);
  if (list.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('figures.noCompetitors')}
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap" data-testid={testId}>
      {list.map((c) => (
        <Badge
          key={c.domain}
          variant="outline"
          color="gray.8"
          tt="none"
          size="lg"
          fz={13}
          fw={600}
          data-testid="competitor"
          data-domain={c.domain}
          title={`${c.domain} · ${t('figures.competitorAnswers', { count: c.answers })}`}
          style={{ maxWidth: '100%', color: 'var(--mantine-color-gray-9)' }}
          styles={{ label: { display: 'flex', minWidth: 0 } }}
        >
          {/* a long domain is cut, its count always seen (audit 12 M2) */}
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }} data-testid="competitor-domain">
            {c.domain}
          </span>
          <span style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="competitor-count">
            {'\u00a0· '}
            {t('figures.competitorAnswers', { count: c.answers })}
          </span>
        </Badge>
      ))}
    </Group>
  );
}

function RateCell({ value }: { value: Proportion | null }) {
  const { t } = useTranslation(NS);
  const pct = usePercent();
  if (!value) return <Text size="sm">–</Text>;
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm" fw={700}>
        {value.k}/{value.n} · {pct(value.rate)}
      </Text>
      <Text size="xs" c="gray.7">
        {t('figures.intervalShort', { low: pct(value.low), high: pct(value.high) })}
      </Text>
    </Stack>
  );
}

function GroupsTable({ groups, firstColumn, label, testId }: { groups: CitationGroup[]; firstColumn: string; label: (g: CitationGroup) => string; testId: string }) {
  const { t } = useTranslation(NS);
  const isMobile = useMediaQuery('(max-width: 48em)');
  if (isMobile) {
    // phones: one stacked card per row (a definition list), nothing cut or hidden sideways
    return (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={testId}>
        {groups.map((g) => (
          <Card key={g.key || 'unknown'} component="li" withBorder radius="sm" padding="sm" data-testid={`${testId}-row`} data-key={g.key}>
            <Text size="sm" fw={700} mb={6} style={{ overflowWrap: 'break-word' }}>
              {label(g)}
            </Text>
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 6, alignItems: 'baseline' }}>
              <Text component="dt" size="sm" c="gray.7">
                {t('figures.columns.answers')}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {g.n}
              </Text>
              <Text component="dt" size="sm" c="gray.7">
                {t('figures.columns.domain')}
              </Text>
              <dd style={{ margin: 0 }} data-testid="cell-domain">
                <RateCell value={g.domain} />
              </dd>
              <Text component="dt" size="sm" c="gray.7">
                {t('figures.columns.brand')}
              </Text>
              <dd style={{ margin: 0 }} data-testid="cell-brand">
                <RateCell value={g.brand} />
              </dd>
              <Text component="dt" size="sm" c="gray.7">
                {t('figures.columns.competitors')}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {g.competitors.map((c) => `${c.domain} (${c.answers})`).join(', ') || '–'}
              </Text>
            </dl>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{firstColumn}</Table.Th>
            <Table.Th>{t('figures.columns.answers')}</Table.Th>
            <Table.Th>{t('figures.columns.domain')}</Table.Th>
            <Table.Th>{t('figures.columns.brand')}</Table.Th>
            <Table.Th>{t('figures.columns.competitors')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key || 'unknown'} data-testid={`${testId}-row`} data-key={g.key}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {label(g)}
                </Text>
              </Table.Td>
              <Table.Td>{g.n}</Table.Td>
              <Table.Td data-testid="cell-domain">
                <RateCell value={g.domain} />
              </Table.Td>
              <Table.Td data-testid="cell-brand">
                <RateCell value={g.brand} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {g.competitors.map((c) => `${c.domain} (${c.answers})`).join(', ') || '–'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Above the answers: per model, per version and overall, cited in k of n with a 95 % Wilson interval, and the competitors. */
export function CitationFigures({ stats, versionLabel }: CitationFiguresProps) {
  const { t } = useTranslation(NS);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="figures-title" data-testid="citation-figures">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="figures-title">
            {t('figures.title')}
          </Title>
          <Text size="sm" c="gray.7" maw={820}>
            {t('figures.intro')}
          </Text>
        </Stack>
        {stats.notAnalysed > 0 && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="not-analysed">
            {t('figures.notAnalysed', { count: stats.notAnalysed })}
          </Alert>
        )}
        {stats.overall.n === 0 ? (
          <Text size="sm" c="gray.7" data-testid="figures-none">
            {t('figures.none')}
          </Text>
        ) : (
          <>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('figures.overall')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <RateCard label={t('figures.domainCited')} value={stats.overall.domain} testId="overall-domain" />
                <RateCard label={t('figures.brandMentioned')} value={stats.overall.brand} testId="overall-brand" />
              </SimpleGrid>
              <Text size="sm" fw={600} mt={4}>
                {t('figures.competitors')}
              </Text>
              <Competitors list={stats.overall.competitors} testId="overall-competitors" />
            </Stack>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('figures.byModel')}
              </Title>
              <GroupsTable groups={stats.byModel} firstColumn={t('figures.columns.model')} label={(g) => g.key} testId="by-model" />
            </Stack>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('figures.byVersion')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('figures.byVersionHint')}
              </Text>
              <GroupsTable
                groups={stats.byVersion}
                firstColumn={t('figures.columns.version')}
                label={(g) => (g.key ? versionLabel(g.key) : t('figures.unknownVersion'))}
                testId="by-version"
              />
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
