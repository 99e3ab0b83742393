/**
 * The claims of the selected version (docs/article-engine.md): each sentence that cites a source
 * [n], the source's link, the passage it rests on, and whether the passage supports it — an
 * unsupported one names the figures the passage lacks. Unsupported claims first.
 */
import type { CSSProperties } from 'react';
import { Anchor, Badge, Box, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Claim } from '@citable/shared/engine';
import { NS } from '../i18n';
import { webLink } from '@citable/shared';
import { quotedList } from '../utils/score';

export interface ClaimsListProps {
  /** null: not checked yet */
  claims: Claim[] | null;
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

export function ClaimsList({ claims }: ClaimsListProps) {
  const { t, i18n } = useTranslation(NS);
  const unsupported = claims?.filter((c) => !c.supported).length ?? 0;
  const ordered = claims ? [...claims].sort((a, b) => Number(a.supported) - Number(b.supported)) : [];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="claims-title" data-testid="claims-panel">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="claims-title">
          {t('claims.title')}
        </Title>
        {claims && claims.length > 0 && (
          <Group gap={6}>
            <Badge variant="light" color="gray" style={{ '--badge-color': '#343a40', textTransform: 'none' } as CSSProperties} data-testid="claims-count">
              {t('claims.count', { count: claims.length })}
            </Badge>
            {unsupported > 0 && (
              <Badge
                variant="light"
                color="red"
                style={{ '--badge-color': '#a51d1d', textTransform: 'none' } as CSSProperties}
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
                data-testid="claims-unsupported-count"
              >
                {t('claims.unsupportedCount', { count: unsupported })}
              </Badge>
            )}
          </Group>
        )}
      </Group>
      {claims === null ? (
        <Text size="sm" c="gray.7" data-testid="claims-not-checked">
          {t('claims.notChecked')}
        </Text>
      ) : claims.length === 0 ? (
        <Text size="sm" c="gray.7" data-testid="claims-none">
          {t('claims.none')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {ordered.map((claim, index) => {
            const href = webLink(claim.url);
            return (
              <Box
                component="li"
                key={`${claim.n}-${index}`}
                p="sm"
                data-testid="claim"
                data-supported={claim.supported ? 'true' : 'false'}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  border: `1px solid ${claim.supported ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-red-3)'}`,
                  borderLeftWidth: 4,
                  borderLeftColor: claim.supported ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)',
                }}
              >
                {/* the sentence to check first, its verdict beside it (above it on a phone, the sentence keeps the width); then the source it cites */}
                <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap={6} align="flex-start">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="claim-sentence">
                    {claim.sentence}
                  </Text>
                  {claim.supported ? (
                    <Badge size="sm" variant="light" color="teal" style={{ '--badge-color': '#05664a', textTransform: 'none', flexShrink: 0 } as CSSProperties} leftSection={<IconCheck size={12} aria-hidden />}>
                      {t('claims.supported')}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="filled" color="red.8" style={{ textTransform: 'none', flexShrink: 0 }} leftSection={<IconAlertTriangle size={12} aria-hidden />} data-testid="claim-unsupported">
                      {t('claims.unsupported')}
                    </Badge>
                  )}
                </Flex>
                {!claim.supported && claim.missing.length > 0 && (
                  <Text size="sm" c="#a51d1d" fw={600} mt={4} data-testid="claim-missing">
                    {t('claims.missing', { figures: quotedList(claim.missing, t, i18n.language) })}
                  </Text>
                )}
                <Group gap={6} mt={4} wrap="wrap" data-testid="claim-source">
                  {href ? (
                    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" size="sm" fw={600} aria-label={t('claims.sourceLink', { n: claim.n })}>
                      <Group gap={4} wrap="nowrap" component="span">
                        {t('claims.source', { n: claim.n })}
                        <IconExternalLink size={14} aria-hidden />
                      </Group>
                    </Anchor>
                  ) : (
                    <Text size="xs" fw={600}>
                      {t('claims.noUrl', { n: claim.n })}
                    </Text>
                  )}
                  {href && (
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {hostOf(href)}
                    </Text>
                  )}
                </Group>
                <Box mt={6} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}>
                  <Text size="xs" fw={600} c="gray.7">
                    {t('claims.passage')}
                  </Text>
                  <Text size="xs" c="gray.8" fs="italic" style={{ overflowWrap: 'anywhere' }} lineClamp={6} data-testid="claim-passage">
                    {claim.passage ?? t('claims.noPassage')}
                  </Text>
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
