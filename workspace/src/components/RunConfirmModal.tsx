import './run-estimate/i18n';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconClock, IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from './run-estimate/i18n';
import { estimateRuns, formatDuration, formatUsd, useRecentRuns } from './run-estimate/runEstimate';

export type EstimatedAction = 'create_article' | 'research_page' | 'llm_answers';

export interface RunConfirmModalProps {
  opened: boolean;
  action: EstimatedAction;
  /** how many runs the confirmation starts */
  runs: number;
  isPending?: boolean;
  /** said before the estimate (e.g. that an edited brief will be replaced) */
  notice?: ReactNode;
  /** what the runs do, in place of the action's own sentence (e.g. how many model calls) */
  summary?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before paid runs (issue 29): how many, their estimated cost and time from the median of the
 * user's latest finished runs of the action (or "cost unknown"), then Cancel / confirm.
 */
export function RunConfirmModal({ opened, action, runs, isPending = false, notice, summary, onConfirm, onClose }: RunConfirmModalProps) {
  const { t, i18n } = useTranslation(NS);
  const recent = useRecentRuns(action, opened);
  const lng = i18n.language;

  let estimate: ReactNode;
  if (recent.isPending) {
    estimate = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="gray.7">
          {t('loading')}
        </Text>
      </Group>
    );
  } else if (recent.isError) {
    estimate = (
      <Text size="sm" c="gray.8" data-testid="run-estimate-error">
        {t('loadError', { reason: dataErrorMessage(recent.error, t) })}
      </Text>
    );
  } else {
    const e = estimateRuns(recent.data, runs);
    estimate = (
      <Stack gap="xs" data-testid="run-estimate" data-cost-known={e.perRunCostUsd !== null}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCoin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-indigo-7)" />
          <div style={{ minWidth: 0 }}>
            {e.perRunCostUsd === null || e.totalCostUsd === null ? (
              <>
                <Text size="sm" fw={600} data-testid="run-estimate-cost">
                  {t('cost.unknown')}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('cost.unknownText')}
                </Text>
              </>
            ) : (
              <>
                <Text size="sm" data-testid="run-estimate-cost">
                  <Text span fw={600}>
                    {t('cost.label')}
                  </Text>
                  {lng.startsWith('fr') ? '\u00a0: ' : ': '}
                  {t('cost.value', { count: e.runs, total: formatUsd(e.totalCostUsd, lng), perRun: formatUsd(e.perRunCostUsd, lng) })}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('cost.basis', { count: e.costSamples })}
                </Text>
              </>
            )}
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconClock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-indigo-7)" />
          <Text size="sm" data-testid="run-estimate-time" style={{ minWidth: 0 }}>
            {e.perRunMs === null || e.totalMs === null ? (
              <Text span fw={600}>
                {t('time.unknown')}
              </Text>
            ) : (
              <>
                <Text span fw={600}>
                  {t('time.label')}
                </Text>
                {lng.startsWith('fr') ? '\u00a0: ' : ': '}
                {t('time.value', { count: e.runs, perRun: formatDuration(e.perRunMs, lng), total: formatDuration(e.totalMs, lng) })}
              </>
            )}
          </Text>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`${action}.title`, { count: runs })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ root: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' }, title: { fontWeight: 700 } }}
      data-testid="run-confirm"
    >
      <Stack gap="md">
        <Text size="sm" data-testid="run-confirm-runs" component="div">
          {summary ?? t(`${action}.runs`, { count: runs })}
        </Text>
        {notice && (
          <Alert color="orange" variant="light" p="sm" data-testid="run-confirm-notice">
            <Text size="sm" c="dark.8">
              {notice}
            </Text>
          </Alert>
        )}
        {estimate}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm} loading={isPending} data-testid="run-confirm-submit">
            {t(`${action}.confirm`, { count: runs })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
