import { Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconCopy, IconSparkles, IconTag, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { NS } from '../i18n';
import { useCreateArticleActions } from '../api/createArticleActions';
import { getLatestVersions } from '../api/getLatestVersions';
import { copyOutcome, versionUrlLines, type SelectedPage } from '../utils/versionUrls';
import { useState } from 'react';
import { dataErrorMessage } from '@citable/shared/data';
import { useSetPagesStatus } from '../api/bulkPages';
import { BulkDeleteDialog } from './BulkDeleteDialog';
import type { StatusOption } from './statusOptions';

/** docs/product-rules.md#constants: batch create needs at least 2 pages; copying version URLs at least 1. */
export const MIN_PAGES_TO_CREATE = 2;
export const MIN_PAGES_TO_COPY = 1;

export interface BatchActionsBarProps {
  /** the selected pages, in the order they were selected (kept across pages, searches and filters) */
  selected: readonly SelectedPage[];
  /** how many of the selected pages the current view (page, search, filter) does not show */
  hiddenCount: number;
  onClear: () => void;
  /** the site of the pages (the bulk status change and delete) */
  siteId: number | null;
  /** the statuses a page can take */
  statuses: readonly StatusOption[];
}

async function writeClipboard(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * The batch actions on the selected pages: create articles, copy version URLs, change the status,
 * delete (issue 32); the selection's size and Clear.
 */
export function BatchActionsBar({ selected, hiddenCount, onClear, siteId, statuses }: BatchActionsBarProps) {
  const { t } = useTranslation(NS);
  const create = useCreateArticleActions();
  const setStatus = useSetPagesStatus(siteId ?? 0);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isCopying, setIsCopying] = useState(false);
  // the runs are paid: a confirmation with their number, estimated cost and time comes first
  const [isConfirming, setIsConfirming] = useState(false);
  const count = selected.length;

  const createArticles = () => {
    create.mutate(
      selected.map((page) => page.id),
      {
        onSuccess: (n) => {
          setIsConfirming(false);
          showToast({ color: 'teal', title: t('batch.created', { count: n }), message: selected.map((p) => p.name).join(', ') });
          onClear();
        },
        onError: (error) => {
          setIsConfirming(false);
          console.error('[pages] batch creation failed', error);
          showToast({ color: 'red', title: t('batch.createFailed'), message: error.message });
        },
      },
    );
  };

  const copyUrls = async () => {
    setIsCopying(true);
    try {
      const latest = await getLatestVersions(selected.map((page) => page.id));
      const lines = versionUrlLines(selected, latest, window.location.origin);
      const outcome = copyOutcome(count, lines.length);
      if (outcome.copied === 0) {
        showToast({ color: 'yellow', title: t('batch.noVersions'), message: t('selection.count', { count }) });
        return;
      }
      await writeClipboard(lines.join('\n'));
      // 'N version URLs copied to clipboard', then how many selected pages had no version to copy
      showToast({
        color: 'teal',
        title: t('batch.copied', { count: outcome.copied }),
        message: outcome.withoutVersion > 0 ? t('batch.withoutVersion', { count: outcome.withoutVersion }) : '',
      });
    } catch (error) {
      console.error('[pages] copy failed', error);
      showToast({ color: 'red', title: t('batch.copyFailed'), message: error instanceof Error ? error.message : '' });
    } finally {
      setIsCopying(false);
    }
  };

  const changeStatus = (status: StatusOption) => {
    setStatus.mutate(
      { pageIds: selected.map((page) => page.id), status: status.id },
      {
        onSuccess: ({ updated, unchanged }) =>
          showToast({
            color: 'teal',
            title: t('bulkStatus.done', { count: updated + unchanged }),
            message: unchanged > 0 ? `${status.label} – ${t('bulkStatus.unchanged', { count: unchanged })}` : status.label,
          }),
        onError: (error) => showToast({ color: 'red', title: t('bulkStatus.failed'), message: dataErrorMessage(error, t) }),
      },
    );
  };

  const canCreate = count >= MIN_PAGES_TO_CREATE;
  const canCopy = count >= MIN_PAGES_TO_COPY;
  return (
    <Paper withBorder radius="md" px="sm" py={8} bg={count > 0 ? 'indigo.0' : undefined} data-testid="batch-bar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" aria-live="polite" style={{ minHeight: 30, rowGap: 0 }}>
            <Text size="sm" fw={count > 0 ? 600 : 400} c={count > 0 ? undefined : 'gray.7'} data-testid="selection-count">
              {t('selection.count', { count })}
            </Text>
            {hiddenCount > 0 && (
              <Text size="sm" c="indigo.9" data-testid="selection-hidden">
                {t('selection.hidden', { count: hiddenCount })}
              </Text>
            )}
            {count > 0 && (
              <Button size="compact-sm" variant="subtle" color="dark" leftSection={<IconX size={14} />} onClick={onClear}>
                {t('selection.clear')}
              </Button>
            )}
          </Group>
          {count > 0 && (
            <Text size="xs" c="gray.7" data-testid="selection-hint">
              {t('selection.hint')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Tooltip label={t('selection.createArticlesHint')} disabled={canCreate} withArrow>
            <span>
              <Button
                size="xs"
                leftSection={<IconSparkles size={14} />}
                disabled={!canCreate}
                loading={create.isPending}
                onClick={() => setIsConfirming(true)}
                data-testid="batch-create"
              >
                {t('selection.createArticles')}
              </Button>
            </span>
          </Tooltip>
          <Tooltip label={t('selection.copyUrlsHint')} disabled={canCopy} withArrow>
            <span>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCopy size={14} />}
                disabled={!canCopy}
                loading={isCopying}
                onClick={() => void copyUrls()}
                data-testid="batch-copy"
              >
                {t('selection.copyUrls')}
              </Button>
            </span>
          </Tooltip>
          <Menu position="bottom-end" shadow="md" disabled={count === 0 || siteId === null}>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTag size={14} />}
                rightSection={<IconChevronDown size={14} />}
                disabled={count === 0 || siteId === null}
                loading={setStatus.isPending}
                data-testid="batch-status"
              >
                {t('selection.changeStatus')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={t('selection.statusMenu')}>
              <Menu.Label>{t('selection.statusMenu')}</Menu.Label>
              {statuses.map((status) => (
                <Menu.Item key={status.id} onClick={() => changeStatus(status)} data-testid="batch-status-option" data-status={status.id}>
                  {status.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button
            size="xs"
            variant="default"
            color="red.8"
            c={count === 0 ? undefined : 'red.8'}
            leftSection={<IconTrash size={14} />}
            disabled={count === 0 || siteId === null}
            onClick={() => setIsDeleting(true)}
            data-testid="batch-delete"
          >
            {t('selection.delete')}
          </Button>
        </Group>
      </Group>
      <RunConfirmModal
        opened={isConfirming}
        action="create_article"
        runs={count}
        isPending={create.isPending}
        onConfirm={createArticles}
        onClose={() => !create.isPending && setIsConfirming(false)}
      />
      {siteId !== null && (
        <BulkDeleteDialog
          siteId={siteId}
          pages={isDeleting ? selected : null}
          onClose={() => setIsDeleting(false)}
          onDeleted={onClear}
        />
      )}
    </Paper>
  );
}
