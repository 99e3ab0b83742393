import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { NS } from '../i18n';
import { useDeletePage } from '../api/deletePage';

export interface DeletePageDialogProps {
  siteId: number;
  page: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted?: (pageId: number) => void;
}

/** Asks before deleting a page, then deletes it ('Unable to delete the page.' when refused). */
export function DeletePageDialog({ siteId, page, onClose, onDeleted }: DeletePageDialogProps) {
  const { t } = useTranslation(NS);
  const remove = useDeletePage(siteId);
  const confirm = () => {
    if (!page) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        showToast({ color: 'teal', title: t('delete.deleted'), message: page.name });
        onDeleted?.(page.id);
        onClose();
      },
      onError: (error) => {
        console.error('[pages] delete failed', error);
        showToast({ color: 'red', title: t('delete.failed'), message: dataErrorMessage(error, t) });
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={page !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      closeLabel={t('delete.close')}
      isPending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('delete.text', { name: page?.name ?? '' })}
      </Text>
    </ConfirmDeleteModal>
  );
}
