/**
 * Compare Versions (docs/product-rules.md#screens): a picker of another version, then the side-by-side line diff
 * of @citable/shared/diff — the older of the two on the left ('Previous Version'), the newer on the
 * right ('Current Version'), or 'The versions are identical'. Its own chunk (the diff and the
 * `diff` package load when comparing starts).
 */
import '../i18n';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { PageVersion } from '@citable/shared';
import { alignDiff, SideBySideDiff, type SideBySideDiffLabels } from '@citable/shared/diff';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { NS } from '../i18n';
import { useVersion, type VersionSummary } from '../api/versions';
import { orderForDiff } from '../utils/versions';

export interface CompareVersionsProps {
  pageId: number;
  versions: readonly VersionSummary[];
  active: PageVersion;
  otherId: string | null;
  onPick: (versionId: string | null) => void;
  formatDate: (iso: string) => string;
}

/** SideBySideDiff's default: one column below this width */
const UNIFIED_BELOW = 768;

export default function CompareVersions({ pageId, versions, active, otherId, onPick, formatDate }: CompareVersionsProps) {
  const { t, i18n } = useTranslation(NS);
  const other = useVersion(pageId, otherId);
  // under 768 px the diff is one column under a two-line legend: short labels that fit a phone's line
  const unified = useMediaQuery(`(max-width: ${UNIFIED_BELOW - 0.02}px)`);
  const shortDate = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );
  const options = versions
    .filter((v) => v.id !== active.id)
    .map((v) => ({
      value: v.id,
      label: `${formatDate(v.created_date)}${v.id === active.parent_version ? ` (${t('compare.parent')})` : ''}`,
    }));

  const labels = useMemo<Partial<SideBySideDiffLabels>>(
    () => ({
      region: t('compare.region'),
      deleted: t('compare.deleted'),
      added: t('compare.added'),
      line: t('compare.line'),
      showUnchanged: (count: number) => t('compare.showUnchanged', { count }),
      approximate: t('compare.approximate'),
      showMore: (count: number) => t('compare.showMore', { count }),
    }),
    [t],
  );

  // the diff is computed and rendered in an ordinary update after this panel's first commit: as part
  // of the lazy chunk's (interruptible) retry render, a huge diff could be restarted again and again
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.requestAnimationFrame(() => setReady(true));
    return () => window.cancelAnimationFrame(id);
  }, []);
  const otherData = ready && other.data && other.data.id === otherId ? other.data : null;
  const [older, newer] = otherData ? orderForDiff(otherData, active) : [null, null];
  const diff = useMemo(() => (older && newer ? alignDiff(older.html_content ?? '', newer.html_content ?? '') : null), [older, newer]);

  return (
    <Stack gap="sm" data-testid="compare-panel">
      <Select
        label={t('compare.pick')}
        placeholder={t('compare.pickPlaceholder')}
        data={options}
        value={otherId}
        onChange={(value) => onPick(value)}
        allowDeselect={false}
        maw={{ base: '100%', sm: 420 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="compare-picker"
      />
      {otherId === null ? null : other.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('viewer.versionNotFound')} role="alert" />
      ) : !diff || !older || !newer ? (
        <ScreenLoader label={t('compare.loading')} />
      ) : (
        <>
          {!diff.identical && (
            <Group gap="xs">
              <Text size="sm" c="gray.7" data-testid="diff-summary">
                {t('compare.summary', { changed: diff.stats.changed, added: diff.stats.added, deleted: diff.stats.deleted })}
              </Text>
            </Group>
          )}
          <SideBySideDiff
            previous={older.html_content ?? ''}
            current={newer.html_content ?? ''}
            diff={diff}
            previousLabel={
              unified
                ? `${t('compare.previousShort')} · ${shortDate.format(new Date(older.created_date))}`
                : `${t('compare.previous')} · ${formatDate(older.created_date)}`
            }
            currentLabel={
              unified
                ? `${t('compare.currentShort')} · ${shortDate.format(new Date(newer.created_date))}`
                : `${t('compare.current')} · ${formatDate(newer.created_date)}`
            }
            unifiedBelow={UNIFIED_BELOW}
            identicalText={t('compare.identical')}
            labels={labels}
          />
        </>
      )}
    </Stack>
  );
}
