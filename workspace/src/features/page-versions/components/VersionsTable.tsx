/**
 * The Page Versions table (docs/product-rules.md#screens): Date Created and Actions, newest first; a click on a
 * row (or Enter on its date) makes the version active, the active row highlighted (and aria-current: no
 * badge of its own). Compact, for the narrow column and the phone: the date on one line with the score as
 * a badge beside it, no column of its own. Each row says
 * its review state and, beyond the spec, where the version came from: the instruction that
 * produced it, or 'Edited by hand', with one click to compare it with its parent.
 */
import type { CSSProperties, MouseEvent } from 'react';
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconGitCompare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScoreBadge } from '../../../components/content-score/ScoreBadge';
import { useTapSize } from '../../../components/useTapSize';
import { useMediaQuery } from '@mantine/hooks';

const PHONE_QUERY = '(max-width: 48em)';
import { externalPaths } from '../../../config/paths';
import { NS } from '../i18n';
import type { VersionSummary } from '../api/versions';
import { reviewState } from '../utils/versions';

export const STATE_COLOR = { draft: 'gray', 'in-revision': 'orange', approved: 'teal' } as const;
/** Text colours of the review-state badges, dark enough on their light backgrounds (WCAG AA, axe). */
export const STATE_TEXT = { draft: '#343a40', 'in-revision': '#8a3a0c', approved: '#05664a' } as const;

export interface VersionsTableProps {
  versions: readonly VersionSummary[];
  activeId: string | null;
  onActivate: (versionId: string) => void;
  onCompareWithParent: (version: VersionSummary) => void;
  onDelete: (version: VersionSummary) => void;
  formatDate: (iso: string) => string;
  /** comparing cannot start while editing (docs/product-rules.md#states) */
  compareDisabled: boolean;
}

export function VersionsTable({ versions, activeId, onActivate, onCompareWithParent, onDelete, formatDate, compareDisabled }: VersionsTableProps) {
  const { t } = useTranslation(NS);
  const tapSize = useTapSize();
  // a phone: one column, each row's actions under its date and badges (the date stays on one line)
  const narrow = useMediaQuery(PHONE_QUERY);
  const ids = new Set(versions.map((v) => v.id));

  return (
    <Table.ScrollContainer minWidth={260}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="versions-table" aria-label={t('table.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.dateCreated')}</Table.Th>
            {!narrow && <Table.Th style={{ width: 1, whiteSpace: 'nowrap', textAlign: 'right' }}>{t('table.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((version, index) => {
            const date = formatDate(version.created_date);
            const active = version.id === activeId;
            const state = reviewState(version);
            const hasParent = version.parent_version !== null && ids.has(version.parent_version);
            const actions = (
              <Group gap={4} wrap="nowrap" justify={narrow ? 'flex-start' : 'flex-end'} data-testid="version-actions">
                {hasParent && (
                  <Tooltip label={t('table.compareWithParent')}>
                    <ActionIcon
                      size={tapSize}
                      variant="subtle"
                      aria-label={t('table.compareWithParentOf', { date })}
                      disabled={compareDisabled}
                      data-testid="compare-with-parent"
                      onClick={(event) => {
                        event.stopPropagation();
                        onCompareWithParent(version);
                      }}
                    >
                      <IconGitCompare size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('table.openViewer', { date })}>
                  <ActionIcon
                      size={tapSize}
                    component="a"
                    href={externalPaths.view(version.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    color="gray"
                    aria-label={t('table.openViewer', { date })}
                    onClick={(event: MouseEvent) => event.stopPropagation()}
                  >
                    <IconExternalLink size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('table.delete', { date })}>
                  <ActionIcon
                      size={tapSize}
                    variant="subtle"
                    color="red.8"
                    aria-label={t('table.delete', { date })}
                    data-testid="delete-version"
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(version);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
            return (
              <Table.Tr
                key={version.id}
                onClick={() => onActivate(version.id)}
                data-testid="version-row"
                data-version-id={version.id}
                data-active={active ? 'true' : 'false'}
                style={{
                  cursor: 'pointer',
                  background: active ? 'var(--mantine-primary-color-0)' : undefined,
                  boxShadow: active ? 'inset 4px 0 0 var(--mantine-primary-color-6)' : undefined,
                }}
              >
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Stack gap={4}>
                    <Group gap={8} wrap="nowrap" align="center">
                      <UnstyledButton
                        onClick={(event) => {
                          event.stopPropagation();
                          onActivate(version.id);
                        }}
                        aria-label={t('table.activate', { date })}
                        aria-current={active ? 'true' : undefined}
                        style={{ fontWeight: active ? 700 : 500, fontSize: 'var(--mantine-font-size-sm)', whiteSpace: 'nowrap' }}
                        data-testid="version-date"
                      >
                        {date}
                      </UnstyledButton>
                      <ScoreBadge score={version.score} testId="version-score" compact />
                    </Group>
                    <Group gap={6}>
                      <Badge size="sm" variant="light" color={STATE_COLOR[state]} style={{ '--badge-color': STATE_TEXT[state] } as CSSProperties} data-testid="review-state" data-state={state}>
                        {t(`table.state.${state}`)}
                      </Badge>
                      {index === 0 && (
                        <Badge size="sm" variant="outline" color="indigo.8" style={{ '--badge-color': '#364fc7' } as CSSProperties}>
                          {t('table.latest')}
                        </Badge>
                      )}
                    </Group>
                    {version.origin === 'instruction' && version.instruction && (
                      <Text size="xs" c="gray.7" lineClamp={3} title={version.instruction} data-testid="version-instruction" style={{ overflowWrap: 'anywhere' }}>
                        <Text span fw={600} size="xs" c="gray.8">
                          {t('table.instruction')}
                        </Text>{' '}
                        {version.instruction}
                      </Text>
                    )}
                    {version.origin === 'hand_edit' && (
                      <Text size="xs" c="gray.7" data-testid="version-instruction">
                        {t('table.editedByHand')}
                      </Text>
                    )}
                    {narrow && actions}
                  </Stack>
                </Table.Td>
                {!narrow && <Table.Td style={{ verticalAlign: 'top' }}>{actions}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
