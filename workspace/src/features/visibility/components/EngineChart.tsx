import { useMemo } from 'react';
import { CompositeChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { halfWidth } from '@citable/shared/stats';
import { NS } from '../i18n';
import type { EngineSeries } from '../utils/series';

export interface Marker {
  /** the period the version went live in (YYYY-MM-DD) */
  bucket: string;
  /** version number, from 1 */
  n: number;
}

type Row = {
  bucket: string;
  answers?: number;
  cited?: number | null;
  citedBand?: [number, number] | null;
  mentioned?: number | null;
  mentionedBand?: [number, number] | null;
};

/** The legend drawn under each chart (compact: it wraps on a phone without taking the plot's height). */
const LEGEND = [
  { key: 'cited', color: 'teal.8', band: false, dashed: false },
  { key: 'cited', color: 'teal.2', band: true, dashed: false },
  { key: 'mentioned', color: 'indigo.7', band: false, dashed: true },
  { key: 'mentioned', color: 'indigo.1', band: true, dashed: false },
].map((item, i) => ({ ...item, key: item.key as 'cited' | 'mentioned', id: i }));

const points = (k: number, n: number) => (n > 0 ? Math.round(halfWidth(k / n, n) * 100) : 0);

/** One engine: cited and brand-named rates per period, each with its 95 % interval as a band, and the versions' markers. */
export function EngineChart({ series, name, markers, dateFormat }: { series: EngineSeries; name: string; markers: Marker[]; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation(NS);
  const data = useMemo(() => {
    const rows: Row[] = series.points.map((p) => ({ ...p }));
    // a marker's period gets a row even without answers, so its line has a place on the axis
    for (const m of markers) if (!rows.some((r) => r.bucket === m.bucket)) rows.push({ bucket: m.bucket, cited: null, citedBand: null, mentioned: null, mentionedBand: null });
    return rows.sort((a, b) => a.bucket.localeCompare(b.bucket));
  }, [series.points, markers]);
  const shownMarkers = markers.filter((m) => series.points.length > 0 && m.bucket >= series.points[0].bucket);
  const { answers, cited, mentioned } = series.total;
  const pct = (k: number) => (answers > 0 ? Math.round((k / answers) * 100) : 0);
  const summary = t('chart.summary', {
    engine: name,
    cited: pct(cited),
    answers,
    citedMargin: points(cited, answers),
    mentioned: pct(mentioned),
    mentionedMargin: points(mentioned, answers),
  });
  const label = (bucket: string) => dateFormat.format(new Date(`${bucket}T00:00:00Z`));

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="figure" m={0} data-testid="engine-chart" data-engine={series.engine}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {name}
        </Title>
        <div role="img" aria-label={summary}>
          <CompositeChart
            h={220}
            data={data}
            dataKey="bucket"
            withLegend={false}
            connectNulls
            withDots={false}
            curveType="linear"
            yAxisProps={{ domain: [0, 100], width: 56 }}
            unit={t('chart.unit')}
            xAxisProps={{ tickFormatter: label, minTickGap: 24 }}
            referenceLines={shownMarkers.map((m) => ({
              x: m.bucket,
              color: 'gray.7',
              label: t('chart.marker', { n: m.n }),
              labelPosition: 'insideTopLeft',
              strokeDasharray: '4 3',
            }))}
            series={[
              { name: 'citedBand', label: `${t('chart.cited')} (${t('chart.band')})`, color: 'teal.2', type: 'area' },
              { name: 'cited', label: t('chart.cited'), color: 'teal.8', type: 'line' },
              { name: 'mentionedBand', label: `${t('chart.mentioned')} (${t('chart.band')})`, color: 'indigo.1', type: 'area' },
              { name: 'mentioned', label: t('chart.mentioned'), color: 'indigo.7', type: 'line', strokeDasharray: '5 4' },
            ]}
            areaProps={{ fillOpacity: 0.6, strokeWidth: 0, isAnimationActive: false }}
            lineProps={{ isAnimationActive: false, strokeWidth: 2 }}
            tooltipProps={{
              content: ({ label: bucket, payload }) => {
                const row = payload?.[0]?.payload as Row | undefined;
                if (!row || row.cited == null || !row.citedBand || !row.mentionedBand) return null;
                return (
                  <Paper withBorder shadow="sm" p="xs" radius="sm">
                    <Text size="xs" fw={700}>
                      {label(String(bucket))}
                    </Text>
                    <Text size="xs">
                      {t('chart.tooltipLine', {
                        what: t('chart.cited'),
                        detail: t('chart.pointTooltip', { rate: row.cited, low: row.citedBand[0], high: row.citedBand[1], answers: row.answers }),
                      })}
                    </Text>
                    <Text size="xs">
                      {t('chart.tooltipLine', {
                        what: t('chart.mentioned'),
                        detail: t('chart.pointTooltip', { rate: row.mentioned, low: row.mentionedBand[0], high: row.mentionedBand[1], answers: row.answers }),
                      })}
                    </Text>
                  </Paper>
                );
              },
            }}
          />
        </div>
        <Group gap="xs" wrap="wrap" aria-hidden data-testid="engine-legend">
          {LEGEND.map((item) => (
            <Group key={item.id} gap={6} wrap="nowrap">
              <Box
                w={18}
                h={item.band ? 10 : 0}
                bg={item.band ? `var(--mantine-color-${item.color.replace('.', '-')})` : undefined}
                style={item.band ? { borderRadius: 2 } : { borderTop: `2px ${item.dashed ? 'dashed' : 'solid'} var(--mantine-color-${item.color.replace('.', '-')})` }}
              />
              <Text size="xs">{item.band ? `${t(`chart.${item.key}`)} (${t('chart.band')})` : t(`chart.${item.key}`)}</Text>
            </Group>
          ))}
        </Group>
        <Text size="sm" c="gray.7" component="figcaption" data-testid="engine-summary">
          {summary}
        </Text>
      </Stack>
    </Paper>
  );
}
