import './i18n';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { countStates, type PreviewRow, type RowState } from './importRows';

/** The most rows the preview lists (the counts cover them all). */
export const PREVIEW_ROWS_SHOWN = 100;

const ORDER: Record<RowState, number> = { invalid: 0, duplicate: 1, unknownPage: 2, existing: 3, already: 3, create: 4 };
/** a reason on as many lines as it needs (a badge cuts its label on one line by default) */
const WRAPPING_BADGE = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', textAlign: 'left', paddingBlock: 2 } } as const;
const COLOR: Record<RowState, string> = { invalid: 'red', duplicate: 'orange', unknownPage: 'orange', existing: 'gray', already: 'gray', create: 'teal' };

/** The rows to look at first (errors, duplicates, already there), then the ones to create; each in file order. */
export function previewOrder(rows: readonly PreviewRow[]): PreviewRow[] {
  return [...rows].sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.line - b.line);
}

export interface ImportPreviewProps {
  rows: readonly PreviewRow[];
  /** pages: name and URL; keywordsSite: keyword and URL; keywordsPage: keyword */
  kind: 'pages' | 'keywordsPage' | 'keywordsSite';
}

/** What an import will do: the counts, then each row with its result and, when skipped, the reason. */
export function ImportPreview({ rows, kind }: ImportPreviewProps) {
  const { t } = useTranslation(NS);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const counts = countStates(rows);
  const shown = previewOrder(rows).slice(0, PREVIEW_ROWS_SHOWN);
  const isPages = kind === 'pages';
  const reason = (row: PreviewRow) => {
    if (row.problem) return t(`problem.${row.problem}`);
    if (row.state === 'duplicate') return row.duplicateOf !== null ? t('state.duplicate', { line: row.duplicateOf }) : t('state.duplicateSent');
    return t(`state.${row.state}`);
  };
  const resultBadge = (row: PreviewRow) => (
    <Badge color={COLOR[row.state]} variant="dot" c="dark.7" bg="white" tt="none" h="auto" mih={20} radius="sm" styles={WRAPPING_BADGE}>
      {reason(row)}
    </Badge>
  );
  const summary: { key: string; count: number; color: string }[] = [
    { key: 'create', count: counts.create, color: 'teal' },
    { key: isPages ? 'existing' : 'already', count: counts.existing, color: 'gray' },
    { key: 'duplicate', count: counts.duplicate, color: 'orange' },
    { key: 'unknownPage', count: counts.unknownPage, color: 'orange' },
    { key: 'invalid', count: counts.invalid, color: 'red' },
  ];
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('summaryLabel')} data-testid="import-summary">
        {summary
          .filter((s) => s.count > 0 || s.key === 'create')
          .map((s) => (
            <Badge key={s.key} color={s.color} variant="dot" c="dark.7" bg="white" size="lg" tt="none" data-testid={`import-count-${s.key}`} data-count={s.count}>
              {t(`summary.${s.key}`, { count: s.count })}
            </Badge>
          ))}
      </Group>
      {isPhone ? (
        // phones: one card per row, the result in view without sideways scrolling
        <Stack gap={6} component="ul" tabIndex={0} aria-label={t('tableLabel')} mah={380} style={{ overflowY: 'auto', listStyle: 'none', padding: 0, margin: 0 }} data-testid="import-preview">
          {shown.map((row) => (
            <Paper key={row.line} component="li" withBorder radius="sm" px="sm" py={6} data-testid="import-row" data-state={row.state} data-line={row.line}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                {t('columns.line')} {row.line}
                {row.label ? ` · ${row.label}` : ''}
              </Text>
              {kind !== 'keywordsPage' && row.url && (
                <Text size="xs" c="gray.8" truncate="end" title={row.url}>
                  {row.url}
                </Text>
              )}
              <div style={{ marginTop: 4 }}>{resultBadge(row)}</div>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={isPages || kind === 'keywordsSite' ? 560 : 320} mah={360} type="native">
          <Table verticalSpacing={4} fz="sm" stickyHeader aria-label={t('tableLabel')} data-testid="import-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={64}>{t('columns.line')}</Table.Th>
                <Table.Th>{isPages ? t('columns.name') : t('columns.keyword')}</Table.Th>
                {kind !== 'keywordsPage' && <Table.Th>{t('columns.url')}</Table.Th>}
                <Table.Th>{t('columns.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.line} data-testid="import-row" data-state={row.state} data-line={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'break-word', maxWidth: 260 }}>{row.label}</Table.Td>
                  {kind !== 'keywordsPage' && (
                    <Table.Td style={{ maxWidth: 280 }}>
                      <Text size="sm" c="gray.8" truncate="end" title={row.url}>
                        {row.url}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    {resultBadge(row)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > shown.length && (
        <Text size="xs" c="gray.7">
          {t('shownOnly', { shown: shown.length, total: rows.length })}
        </Text>
      )}
    </>
  );
}
