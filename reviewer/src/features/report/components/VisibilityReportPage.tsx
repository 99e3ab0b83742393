import '../i18n';
import './report.css';
import '@mantine/charts/styles.css';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { NS, REPORT_LANGUAGES, type ReportLanguage } from '../i18n';
import { isReportToken, useVisibilityReport, type VisibilityReport } from '../api/report';
import { engineFigures, type EngineFigures } from '../utils/report';
import type { TFunction } from 'i18next';


/** A domain that may wrap after its dots (boulangerie.|fr), never inside a label. */
function DomainName({ domain }: { domain: string }) {
  const parts = domain.split('.');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
/** A robots noindex for as long as the report is shown: the link is for the client, not for search engines. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function SiteBrand({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [broken, setBroken] = useState(false);
  const showLogo = Boolean(logoUrl) && !broken;
  return (
    <div className="vr-site" data-testid="report-site">
      {showLogo && <img className="vr-site-logo" src={logoUrl as string} alt={name} onError={() => setBroken(true)} />}
      <span className="vr-site-name" aria-hidden={showLogo ? true : undefined}>
        {name}
      </span>
    </div>
  );
}

function EngineCard({ f, t, lang }: { f: EngineFigures; t: TFunction; lang: ReportLanguage }) {
  const percent = useMemo(() => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }), [lang]);
  const day = useMemo(() => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [lang]);
  const summary = t('engine.summary', {
    engine: f.name,
    cited: f.cited.pct,
    citedMargin: f.cited.margin,
    mentioned: f.mentioned.pct,
    mentionedMargin: f.mentioned.margin,
    count: f.answers,
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" className="vr-card" aria-labelledby={`engine-${f.engine}`} data-testid="report-engine">
      <Stack gap="xs">
        <Title order={2} size="h4" id={`engine-${f.engine}`}>
          {f.name}
        </Title>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
              {t('engine.cited')}
            </Text>
            <Text fz={28} fw={800} lh={1.1} data-testid="report-cited">
              {t('engine.rate', { pct: f.cited.pct })}
            </Text>
            <Text size="sm" c="gray.7">
              {t('engine.margin', { points: f.cited.margin })}
            </Text>
          </div>
          <div>
            <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
              {t('engine.mentioned')}
            </Text>
            <Text fz={28} fw={800} lh={1.1}>
              {t('engine.rate', { pct: f.mentioned.pct })}
            </Text>
            <Text size="sm" c="gray.7">
              {t('engine.margin', { points: f.mentioned.margin })}
            </Text>
          </div>
        </SimpleGrid>
        <Text size="sm" data-testid="report-engine-summary">
          {summary}
        </Text>
        {f.points.length > 1 && (
          <div role="img" aria-label={t('engine.chartLabel', { engine: f.name })} className="vr-chart">
            <CompositeChart
              h={180}
              data={f.points}
              dataKey="bucket"
              withLegend={false}
              withTooltip={false}
              withDots={false}
              curveType="linear"
              yAxisProps={{ domain: [0, 100], width: 48 }}
              unit={t('engine.unit')}
              xAxisProps={{ tickFormatter: (b: string) => day.format(new Date(`${b}T00:00:00Z`)), minTickGap: 24 }}
              series={[
                { name: 'citedBand', label: t('engine.band'), color: 'teal.2', type: 'area' },
                { name: 'cited', label: t('engine.cited'), color: 'teal.8', type: 'line' },
              ]}
              areaProps={{ fillOpacity: 0.6, strokeWidth: 0, isAnimationActive: false }}
              lineProps={{ isAnimationActive: false, strokeWidth: 2 }}
            />
          </div>
        )}
        {f.share.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t('share.heading')}
            </Title>
            <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={t('share.caption', { engine: f.name })} data-testid="report-share">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('share.domain')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('share.share')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.share.map((r) => (
                  <Table.Tr key={r.domain} fw={r.is_site ? 700 : undefined}>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>
                      <DomainName domain={r.domain} />
                      {r.is_site && (
                        <Badge size="xs" variant="light" color="indigo" ml={6}>
                          {t('share.yourSite')}
                        </Badge>
                      )}
                      <Progress value={r.share * 100} size="xs" mt={2} color={r.is_site ? 'indigo' : 'gray'} aria-hidden />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {percent.format(r.share)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Report({ report }: { report: VisibilityReport }) {
  const { i18n } = useTranslation(NS);
  const lang: ReportLanguage = REPORT_LANGUAGES.includes(report.site.language) ? report.site.language : 'fr';
  const t = useMemo(() => i18n.getFixedT(lang, NS), [i18n, lang]);
  const figures = useMemo(() => engineFigures(report), [report]);
  const date = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }), [lang]);
  useEffect(() => {
    document.title = `${t('title')} · ${report.site.name}`;
  }, [t, report.site.name]);

  return (
    <div className="vr-page" lang={lang} data-testid="visibility-report">
      <SiteBrand name={report.site.name} logoUrl={report.site.logo_url} />
      <header className="vr-header">
        <div>
          <Title order={1} className="vr-title">
            {t('title')}
          </Title>
          <Text c="gray.8" data-testid="report-period">
            {t('period', { from: date.format(new Date(report.period.from)), to: date.format(new Date(report.period.to)), count: report.period.weeks })}
          </Text>
          {report.site.domain && (
            <Text size="sm" c="gray.7">
              {t('domain', { domain: report.site.domain })}
            </Text>
          )}
        </div>
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} className="vr-noprint" data-testid="report-print">
          {t('print')}
        </Button>
      </header>
      {figures.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="report-empty">
          <Text fw={600}>{t('empty')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className="vr-grid">
          {figures.map((f) => (
            <EngineCard key={f.engine} f={f} t={t} lang={lang} />
          ))}
        </SimpleGrid>
      )}
      <footer className="vr-footer">
        <Text size="sm" c="gray.7">
          {t('method')}
        </Text>
      </footer>
    </div>
  );
}

/** The client's AI-visibility report at /view/report/:token (issue 33): public, read-only, the link is the capability. */
export default function VisibilityReportPage() {
  const { t } = useTranslation(NS);
  const { token: raw } = useParams();
  const token = isReportToken(raw) ? raw : null;
  const report = useVisibilityReport(token);
  useNoIndex();

  if (token && report.isPending) {
    return (
      <div className="vr-page" aria-busy="true">
        <Text c="gray.7">{t('loading')}</Text>
      </div>
    );
  }
  if (!token || (report.isError && isDataError(report.error) && report.error.kind === 'not_found')) {
    return (
      <div className="vr-page" data-testid="report-not-found">
        <Stack maw={560} gap="sm">
          <Title order={1}>{t('notFound.title')}</Title>
          <Text c="gray.8">{t('notFound.text')}</Text>
        </Stack>
      </div>
    );
  }
  if (report.isError) {
    return (
      <div className="vr-page">
        <Alert color="red" variant="light" title={t('loadError')} role="alert" data-testid="report-error">
          <Text size="sm" mb="sm">
            {dataErrorMessage(report.error, t)}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  return <Report report={report.data!} />;
}
