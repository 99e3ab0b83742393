import '../i18n';
import { useMemo, useState } from 'react';
import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title, Paper } from '@mantine/core';
import '@mantine/charts/styles.css';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage } from '@citable/shared/data';
import { PageSubScreen, type PageContext } from '../../../components/PageSubScreen';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { NS } from '../i18n';
import { useEngines, usePageVersions, useVersionCounts, useVisibilityOverview, useVisibilitySeries } from '../api/figures';
import { usePrompts } from '../api/prompts';
import { bucketOf, engineSeries } from '../utils/series';
import { EngineChart, type Marker } from './EngineChart';
import { LiftCard } from './LiftCard';
import { RunCard } from './RunCard';
import { SettingsCard } from './SettingsCard';
import { PromptsCard } from './PromptsCard';
import { useShareOfVoice } from '../api/report';
import { ShareOfVoiceCard } from './ShareOfVoiceCard';
import { ReportLinkCard } from './ReportLinkCard';
import { ExportButton } from './ExportButton';

function VisibilityScreen({ page }: { page: PageContext }) {
  const { t, i18n } = useTranslation(NS);
  const siteId = page.site;
  const [scope, setScope] = useState<'page' | 'site'>('page');
  const [bucket, setBucket] = useState<'week' | 'day'>('week');
  const scopePage = scope === 'page' ? page.id : null;
  const overview = useVisibilityOverview(siteId, page.id);
  const series = useVisibilitySeries(siteId, scopePage, bucket);
  const counts = useVersionCounts(page.id);
  const engines = useEngines();
  const versions = usePageVersions(page.id);
  const prompts = usePrompts(page.id);
  const share = useShareOfVoice(siteId, scopePage);

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [i18n.language]);
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  const money = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }), [i18n.language]);

  const engineIds = useMemo(() => overview.data?.settings.engines ?? (engines.data ?? []).map((e) => e.id), [overview.data, engines.data]);
  const bySeries = useMemo(() => engineSeries(series.data ?? [], engineIds), [series.data, engineIds]);
  const numberOf = useMemo(() => {
    const ids = (versions.data ?? []).map((v) => v.id);
    return (id: string) => ids.indexOf(id) + 1;
  }, [versions.data]);
  const markers: Marker[] = useMemo(
    () => (scope === 'page' ? (versions.data ?? []).map((v, i) => ({ bucket: bucketOf(v.created_date, bucket), n: i + 1 })) : []),
    [versions.data, bucket, scope],
  );
  const current = useMemo(() => new Map(bySeries.map((s) => [s.engine, { answers: s.total.answers, cited: s.total.cited }])), [bySeries]);
  const totals = bySeries.reduce((t, s) => ({ answers: t.answers + s.total.answers, cited: t.cited + s.total.cited }), { answers: 0, cited: 0 });
  const activePrompts = (prompts.data ?? []).filter((p) => p.active).length;
  const nameOf = (id: number) => engines.data?.find((e) => e.id === id)?.name ?? String(id);

  const queries = [overview, series, counts, engines, versions, prompts, share];
  if (queries.some((q) => q.isPending)) return <ScreenLoader label={t('loading')} />;
  const failed = queries.find((q) => q.isError);
  if (failed) return <LoadErrorAlert title={t('loadError')} detail={dataErrorMessage(failed.error, t)} retryLabel={t('retry')} query={failed} data-testid="visibility-error" />;

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('subtitle')}
          </Text>
        </Stack>
        <ExportButton siteId={siteId} pageId={scopePage} name={scope === 'page' ? page.name : (page.sites?.name ?? page.name)} />
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="chart-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Title order={2} size="h4" id="chart-title">
              {t('chart.heading')}
            </Title>
            <Group gap="xs" wrap="wrap">
              <SegmentedControl
                aria-label={t('scope.label')}
                value={scope}
                onChange={(v) => setScope(v as 'page' | 'site')}
                data={[
                  { value: 'page', label: t('scope.page') },
                  { value: 'site', label: t('scope.site') },
                ]}
                data-testid="scope"
              />
              <SegmentedControl
                aria-label={t('bucket.label')}
                value={bucket}
                onChange={(v) => setBucket(v as 'week' | 'day')}
                data={[
                  { value: 'week', label: t('bucket.week') },
                  { value: 'day', label: t('bucket.day') },
                ]}
              />
            </Group>
          </Group>
          <Text size="sm" c="gray.7">
            {t('chart.legend')}
          </Text>
          {bySeries.length === 0 ? (
            <Stack gap={4} py="lg" ta="center" data-testid="chart-empty">
              <Text fw={600}>{t('chart.empty')}</Text>
              <Text size="sm" c="gray.7">
                {t('chart.emptyHint')}
              </Text>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {bySeries.map((s) => (
                <EngineChart key={s.engine} series={s} name={nameOf(s.engine)} markers={markers} dateFormat={dateFormat} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Paper>

      <ShareOfVoiceCard rows={share.data ?? []} engines={engines.data ?? []} engineOrder={engineIds} />

      <LiftCard rows={counts.data ?? []} engines={engines.data ?? []} numberOf={numberOf} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RunCard
          siteId={siteId}
          pageId={page.id}
          overview={overview.data!}
          engineIds={engineIds}
          prompts={activePrompts}
          current={current}
          money={money}
          dateFormat={dateTimeFormat}
        />
        <SettingsCard
          key={JSON.stringify(overview.data!.settings)}
          siteId={siteId}
          overview={overview.data!}
          engines={engines.data ?? []}
          prompts={activePrompts}
          currentRate={totals.answers > 0 ? totals.cited / totals.answers : null}
          dateFormat={dateTimeFormat}
        />
      </SimpleGrid>

      <PromptsCard siteId={siteId} pageId={page.id} prompts={prompts.data ?? []} />

      <ReportLinkCard siteId={siteId} dateFormat={dateTimeFormat} />
    </>
  );
}

/** AI visibility of a page (/sites/:siteId/pages/:pageId/visibility, issue 33). */
export function VisibilityPage() {
  const { t } = useTranslation(NS);
  return (
    <PageSubScreen screenLabel={t('screen')} data-testid="visibility-screen">
      {(page) => <VisibilityScreen page={page} />}
    </PageSubScreen>
  );
}
