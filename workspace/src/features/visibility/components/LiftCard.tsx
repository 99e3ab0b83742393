import { useMemo, useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { versionLift, versionsWithAnswers, type Metric, type VersionCountRow } from '../utils/lift';
import type { Engine } from '../api/figures';

const signed = (points: number) => `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)}`;

/**
 * "Version 3 vs version 2 on Perplexity: 38 % ±8 vs 22 % ±8, difference +16 points (95 % interval …)",
 * or "not enough answers yet to tell" with how many more answers per version would be needed.
 * `numberOf`: a version's number on the page (1 = the oldest).
 */
export function LiftCard({ rows, engines, numberOf }: { rows: VersionCountRow[]; engines: Engine[]; numberOf: (versionId: string) => number }) {
  const { t } = useTranslation(NS);
  const versions = useMemo(() => versionsWithAnswers(rows), [rows]);
  const engineIds = useMemo(() => [...new Set(rows.map((r) => r.engine))].sort((x, y) => x - y), [rows]);
  const [engine, setEngine] = useState<string | null>(null);
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const [metric, setMetric] = useState<Metric>('cited');

  const engineValue = engine ?? (engineIds[0] !== undefined ? String(engineIds[0]) : null);
  const aValue = a ?? versions.at(-1)?.id ?? null;
  const bValue = b ?? versions.at(-2)?.id ?? null;
  const nameOf = (id: number) => engines.find((e) => e.id === id)?.name ?? String(id);
  const versionOptions = versions.map((v) => ({ value: v.id, label: t('version', { n: numberOf(v.id) }) }));

  let body;
  if (versions.length < 2 || engineValue === null || !aValue || !bValue) {
    body = <Text c="gray.7">{t('lift.none')}</Text>;
  } else {
    const result = aValue === bValue ? null : versionLift(rows, Number(engineValue), aValue, bValue, metric);
    if (!result) {
      body = <Text c="gray.7">{t('lift.noShared')}</Text>;
    } else {
      const { lift } = result;
      const na = numberOf(aValue);
      const nb = numberOf(bValue);
      const text = t('lift.result', {
        a: na,
        b: nb,
        engine: nameOf(Number(engineValue)),
        rateA: Math.round(lift.a.rate * 100),
        marginA: result.marginA,
        rateB: Math.round(lift.b.rate * 100),
        marginB: result.marginB,
        diff: signed(Math.round(lift.difference * 100)),
        low: signed(Math.round(lift.low * 100)),
        high: signed(Math.round(lift.high * 100)),
      });
      const verdict =
        lift.verdict === 'higher'
          ? { color: 'teal', text: t('lift.higher', { a: na, b: nb }) }
          : lift.verdict === 'lower'
            ? { color: 'orange', text: t('lift.lower', { a: na, b: nb }) }
            : {
                color: 'gray',
                text: `${t('lift.notEnough')} ${lift.morePerSide === null ? t('lift.equal') : t('lift.more', { count: lift.morePerSide })}`,
              };
      body = (
        <Stack gap="xs">
          <Text data-testid="lift-result">{text}</Text>
          <Alert color={verdict.color} variant="light" data-testid="lift-verdict" data-verdict={lift.verdict}>
            {verdict.text}
          </Alert>
          <Text size="sm" c="gray.7">
            {t('lift.prompts', { count: result.prompts })}
          </Text>
        </Stack>
      );
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="lift-title" data-testid="lift-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lift-title">
          {t('lift.heading')}
        </Title>
        {versions.length >= 2 && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('lift.engine')}
              data={engineIds.map((id) => ({ value: String(id), label: nameOf(id) }))}
              value={engineValue}
              onChange={setEngine}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
            <Select label={t('lift.versionA')} data={versionOptions} value={aValue} onChange={setA} allowDeselect={false} w={{ base: '100%', xs: 150 }} />
            <Select label={t('lift.versionB')} data={versionOptions} value={bValue} onChange={setB} allowDeselect={false} w={{ base: '100%', xs: 150 }} />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="lift-metric-label">
                {t('lift.metric')}
              </Text>
              <SegmentedControl
                aria-labelledby="lift-metric-label"
                value={metric}
                onChange={(v) => setMetric(v as Metric)}
                data={[
                  { value: 'cited', label: t('chart.cited') },
                  { value: 'mentioned', label: t('chart.mentioned') },
                ]}
              />
            </Stack>
          </Group>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
