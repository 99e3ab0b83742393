import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { NS } from '../i18n';
import { useDeletePages } from '../api/bulkPages';
import type { SelectedPage } from '../utils/versionUrls';

export interface BulkDeleteDialogProps {
  siteId: number;
  /** the pages to delete; null: closed */
  pages: readonly SelectedPage[] | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** "Supprimer 12 pages ?": asks with the count, then deletes the selection in one request (delete_pages). */
export function BulkDeleteDialog({ siteId, pages, onClose, onDeleted }: BulkDeleteDialogProps) {
  const { t } = useTranslation(NS);
  const remove = useDeletePages(siteId);
  const count = pages?.length ?? 0;
  const confirm = () => {
    if (!pages) return;
    remove.mutate(
      pages.map((page) => page.id),
      {
        onSuccess: (deleted) => {
          showToast({ color: 'teal', title: t('bulkDelete.done', { count: deleted }), message: '' });
          onDeleted();
          onClose();
        },
        onError: (error) => {
          console.error('[pages] bulk delete failed', error);
          showToast({ color: 'red', title: t('bulkDelete.failed'), message: dataErrorMessage(error, t) });
        },
      },
    );
  };
  return (
    <ConfirmDeleteModal
      opened={pages !== null}
      title={t('bulkDelete.title', { count })}
      confirmLabel={t('bulkDelete.confirm', { count })}
      cancelLabel={t('bulkDelete.cancel')}
      closeLabel={t('bulkDelete.close')}
      isPending={remove.isPending}
      onConfirm={confirm}
      onClose={() => !remove.isPending && onClose()}
    >
      <Text size="sm" data-testid="bulk-delete-text">
        {t('bulkDelete.text', { count })}
      </Text>
    </ConfirmDeleteModal>
  );
}
