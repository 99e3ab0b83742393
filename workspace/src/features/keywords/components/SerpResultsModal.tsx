import { useMemo } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { NS } from '../i18n';
import { useSerps } from '../api/keywords';
import { webLink } from '@citable/shared';
import { displayUrl, isOwnResult, lastSearchedAt, truncateMeta } from '../utils/keywords';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

/** SERP result types with a translated label; any other value is shown in sentence case. */
const KNOWN_TYPES = [
  'organic',
  'featured_snippet',
  'people_also_ask',
  'local_pack',
  'video',
  'image',
  'images',
  'news',
  'top_stories',
  'knowledge_graph',
  'shopping',
  'paid',
  'ads',
] as const;

function typeLabel(type: string, t: TFunction): string {
  const key = type.trim().toLowerCase();
  if ((KNOWN_TYPES as readonly string[]).includes(key)) return t(`serps.types.${key}`);
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface SerpResultsModalProps {
  keyword: { id: number; text: string } | null;
  /** the page's site: only its SERP rows are listed */
  siteId: number;
  siteUrl: string | null;
  /** searches the keyword again (the serps action of the first search); absent when the action is unknown */
  onRefresh?: (keyword: { id: number; text: string }) => void;
  refreshing?: boolean;
  onClose: () => void;
}

/** The SERP results of a keyword on the page's site, by position (docs/product-rules.md#screens, docs/product-rules.md#constants: meta description cut at 150 characters). */
export function SerpResultsModal({ keyword, siteId, siteUrl, onRefresh, refreshing = false, onClose }: SerpResultsModalProps) {
  const { t, i18n } = useTranslation(NS);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const serps = useSerps(keyword?.id ?? null, siteId);
  const lastSearch = useMemo(() => lastSearchedAt(serps.data ?? []), [serps.data]);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }), [i18n.language]);

  let body;
  if (serps.isPending) body = <ScreenLoader label={t('serps.loading')} />;
  else if (serps.isError) {
    body = (
      <LoadErrorAlert title={t('serps.loadError')} retryLabel={t('retry')} query={serps} />
    );
  } else if (serps.data.length === 0) {
    body = (
      <Text c="gray.7" py="md" ta="center" data-testid="serps-empty">
        {t('serps.empty')}
      </Text>
    );
  } else if (isMobile) {
    // phones: one card per result (no sideways-scrolling table)
    body = (
      <Stack gap="xs" component="ol" aria-label={t('serps.tableLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="serps-list">
        {serps.data.map((row) => {
          const own = isOwnResult(row.url, siteUrl);
          const href = webLink(row.url) ?? undefined;
          const title = row.title || t('serps.untitled');
          return (
            <Card
              key={row.id}
              component="li"
              withBorder
              radius="sm"
              padding="sm"
              data-testid="serp-row"
              data-own={own || undefined}
              bg={own ? 'var(--mantine-color-teal-0)' : undefined}
              style={own ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-teal-7)' } : undefined}
            >
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Text fw={700} size="sm" style={{ flexShrink: 0 }} aria-label={`${t('serps.position')} ${row.position_absolute ?? '–'}`}>
                  {row.position_absolute ?? '–'}.
                </Text>
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  {href ? (
                    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                      {title}
                      <VisuallyHidden> {t('serps.opensNewTab')}</VisuallyHidden>
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                      {title}
                    </Text>
                  )}
                  {row.url && (
                    <Text size="xs" c="gray.7" truncate="end" title={row.url} data-testid="serp-url">
                      {displayUrl(row.url)}
                    </Text>
                  )}
                  {row.meta_description && (
                    <Text size="sm" data-testid="serp-meta">
                      {truncateMeta(row.meta_description)}
                    </Text>
                  )}
                  {(row.type || own) && (
                    <Group gap={6}>
                      {row.type && (
                        <Badge variant="outline" color="gray.8" size="sm" tt="none">
                          {typeLabel(row.type, t)}
                        </Badge>
                      )}
                      {own && (
                        <Badge color="teal.9" variant="filled" size="sm">
                          {t('serps.ownSite')}
                        </Badge>
                      )}
                    </Group>
                  )}
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label={t('serps.tableLabel')} data-testid="serps-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('serps.position')}</Table.Th>
              <Table.Th>{t('serps.resultTitle')}</Table.Th>
              <Table.Th>{t('serps.url')}</Table.Th>
              <Table.Th>{t('serps.meta')}</Table.Th>
              <Table.Th w={170}>{t('serps.type')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {serps.data.map((row) => {
              const own = isOwnResult(row.url, siteUrl);
              const href = webLink(row.url) ?? undefined;
              return (
                <Table.Tr
                  key={row.id}
                  data-testid="serp-row"
                  data-own={own || undefined}
                  bg={own ? 'var(--mantine-color-teal-0)' : undefined}
                  style={own ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-teal-7)' } : undefined}
                >
                  <Table.Td fw={700}>{row.position_absolute ?? '–'}</Table.Td>
                  <Table.Td>
                    {href ? (
                      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {row.title || t('serps.untitled')}
                        <VisuallyHidden> {t('serps.opensNewTab')}</VisuallyHidden>
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={600}>
                        {row.title || t('serps.untitled')}
                      </Text>
                    )}
                    {own && (
                      <Badge color="teal.9" variant="filled" size="sm" mt={4} display="block" w="fit-content">
                        {t('serps.ownSite')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} title={row.url ?? undefined} data-testid="serp-url">
                      {displayUrl(row.url)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="serp-meta">
                      {truncateMeta(row.meta_description)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.type && (
                      <Badge variant="outline" color="gray.8" size="sm" tt="none" maw="none" styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
                        {typeLabel(row.type, t)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Modal
      opened={keyword !== null}
      onClose={onClose}
      title={keyword ? t('serps.title', { keyword: keyword.text }) : ''}
      size="80rem"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('serps.close') }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {keyword && serps.isSuccess && serps.data.length > 0 && (
        <Group justify="space-between" align="center" gap="sm" mb="sm" data-testid="serps-refresh-bar">
          <Text size="sm" c="gray.7" data-testid="serps-last-search">
            {lastSearch ? t('serps.lastSearch', { date: dateFormat.format(lastSearch) }) : t('serps.lastSearchUnknown')}
          </Text>
          {onRefresh && (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => onRefresh(keyword)}
              loading={refreshing}
              data-testid="serps-refresh"
            >
              {t('serps.refresh')}
            </Button>
          )}
        </Group>
      )}
      {body}
    </Modal>
  );
}
