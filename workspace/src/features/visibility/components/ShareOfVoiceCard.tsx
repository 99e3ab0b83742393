import { Fragment, useMemo } from 'react';
import { Badge, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { ShareRow } from '../api/report';
import type { Engine } from '../api/figures';
import { sharesByEngine } from '../utils/share';


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
/**
 * Share of voice (issue 33): per engine over the period shown, each cited domain's share of all the
 * citations of that engine's answers (computed by the database), the site's row always listed.
 */
export function ShareOfVoiceCard({ rows, engines, engineOrder }: { rows: ShareRow[]; engines: Engine[]; engineOrder: number[] }) {
  const { t, i18n } = useTranslation(NS);
  const groups = useMemo(() => sharesByEngine(rows, engineOrder), [rows, engineOrder]);
  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }), [i18n.language]);
  const nameOf = (id: number) => engines.find((e) => e.id === id)?.name ?? String(id);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="sov-title" data-testid="sov-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sov-title">
          {t('sov.heading')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('sov.hint')}
        </Text>
        {groups.length === 0 ? (
          <Text c="gray.7" data-testid="sov-empty">
            {t('sov.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {groups.map((g) => (
              <Stack key={g.engine} gap={4} data-testid={`sov-engine-${g.engine}`}>
                <Text fw={700}>{nameOf(g.engine)}</Text>
                <Text size="sm" c="gray.7">
                  {t('sov.engineDetail', { answers: g.answers, citations: g.citations })}
                </Text>
                <Table.ScrollContainer minWidth={260}>
                  <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={t('sov.caption', { engine: nameOf(g.engine) })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('sov.domain')}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t('sov.share')}
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t('sov.answers')}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {g.rows.map((r) => (
                        <Table.Tr key={r.domain} fw={r.is_site ? 700 : undefined} data-testid={r.is_site ? 'sov-site' : undefined}>
                          <Table.Td style={{ overflowWrap: 'break-word' }}>
                            <DomainName domain={r.domain} />
                            {r.is_site && (
                              <Badge size="xs" variant="light" color="indigo" ml={6}>
                                {t('sov.yourSite')}
                              </Badge>
                            )}
                            <Progress value={r.share * 100} size="xs" mt={2} color={r.is_site ? 'indigo' : 'gray'} aria-hidden />
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {percent.format(r.share)}
                          </Table.Td>
                          <Table.Td ta="right">{r.answers}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
