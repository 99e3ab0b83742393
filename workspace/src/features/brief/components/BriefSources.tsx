import { useId, useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Collapse, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BriefSource } from '@citable/shared/engine';
import { NS } from '../i18n';
import { isWebUrl } from '@citable/shared';
import { sourceReasonText } from '../utils/sourceReason';

const STATUS_COLOR: Record<BriefSource['status'], string> = { read: 'teal', failed: 'red', skipped: 'gray' };

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

function SourceItem({ source }: { source: BriefSource }) {
  const { t, i18n } = useTranslation(NS);
  const [showOutline, setShowOutline] = useState(false);
  const outlineId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const label = source.title?.trim() || hostOf(source.url);
  const color = STATUS_COLOR[source.status];
  const statusProps = {
    color,
    variant: source.status === 'read' ? 'outline' : 'light',
    styles: { label: { color: `var(--mantine-color-${color}-9)` } },
    style: { flexShrink: 0 },
  } as const;
  return (
    <Card component="li" withBorder radius="sm" padding="sm" data-testid="brief-source" data-n={source.n} data-status={source.status}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Badge variant="light" color="indigo" radius="sm" styles={{ label: { color: 'var(--mantine-color-indigo-9)' } }} style={{ flexShrink: 0 }}>
          [{source.n}]
        </Badge>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {isWebUrl(source.url) ? (
            <Anchor href={source.url} target="_blank" rel="noopener noreferrer" fw={600} size="sm" c="indigo.9" style={{ overflowWrap: 'anywhere' }} data-testid="brief-source-link">
              {label}
              <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: '-2px' }} />
              <VisuallyHidden>{` ${t('sources.newTab')}`}</VisuallyHidden>
            </Anchor>
          ) : (
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
          )}
          {/* phones: the state under the title, the title keeps the width */}
          <Badge {...statusProps} hiddenFrom="sm">
            {t(`sources.status.${source.status}`)}
          </Badge>
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {hostOf(source.url)}
            {source.kind === 'serp' && source.position !== null && ` · ${t('sources.position', { position: source.position })}`}
            {source.kind === 'scraped' && ` · ${t('sources.scraped')}`}
            {source.status === 'read' && source.words !== null && ` · ${t('sources.words', { count: source.words, formatted: number.format(source.words) })}`}
          </Text>
          {source.status !== 'read' && (
            <Text size="sm" c={source.status === 'failed' ? 'red.8' : 'gray.8'} style={{ overflowWrap: 'anywhere' }} data-testid="brief-source-reason">
              {t('sources.reason', { reason: sourceReasonText(source.error, t, i18n.language) })}
            </Text>
          )}
          {source.status === 'read' &&
            (source.headings.length > 0 ? (
              <Box>
                <Button
                  variant="subtle"
                  color="gray"
                  c="dark.8"
                  size="compact-xs"
                  px={4}
                  leftSection={showOutline ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                  aria-expanded={showOutline}
                  aria-controls={outlineId}
                  onClick={() => setShowOutline((v) => !v)}
                  data-testid="brief-source-outline-toggle"
                >
                  {t('sources.headings', { count: source.headings.length })}
                </Button>
                <Collapse expanded={showOutline} id={outlineId}>
                  <Box component="ul" aria-label={t('sources.outlineOf', { n: source.n })} m={0} mt={4} p={0} style={{ listStyle: 'none' }} data-testid="brief-source-outline">
                    {source.headings.map((heading, i) => (
                      <Text
                        key={i}
                        component="li"
                        size="xs"
                        c={heading.level <= 2 ? 'dark.8' : 'gray.8'}
                        fw={heading.level <= 2 ? 600 : 400}
                        pl={(Math.min(heading.level, 4) - 1) * 14}
                        py={1}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        <Text span c="gray.7" fz={10} mr={6} aria-hidden>
                          H{heading.level}
                        </Text>
                        {heading.text}
                      </Text>
                    ))}
                  </Box>
                </Collapse>
              </Box>
            ) : (
              <Text size="xs" c="gray.7">
                {t('sources.noHeadings')}
              </Text>
            ))}
        </Stack>
        <Badge {...statusProps} visibleFrom="sm" data-testid="brief-source-status">
          {t(`sources.status.${source.status}`)}
        </Badge>
      </Group>
    </Card>
  );
}

/** Each competitor research tried to read: link, title, words, headings (folded), or why it was not read. */
export function BriefSources({ sources }: { sources: BriefSource[] }) {
  const { t } = useTranslation(NS);
  const read = sources.filter((s) => s.status === 'read').length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="brief-sources-title" data-testid="brief-sources">
      <Group justify="space-between" gap="xs" align="baseline">
        <Title order={2} size="h4" id="brief-sources-title">
          {t('sources.title')}
        </Title>
        {sources.length > 0 && (
          <Text size="sm" c="gray.7" data-testid="brief-sources-summary">
            {t('sources.summary', { read, total: sources.length })}
          </Text>
        )}
      </Group>
      <Text size="sm" c="gray.7" mt={-6}>
        {t('sources.hint')}
      </Text>
      {sources.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('sources.none')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {sources.map((source) => (
            <SourceItem key={source.n} source={source} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
