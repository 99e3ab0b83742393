import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { useDeleteToneArticle } from '../api/deleteToneArticle';
import type { ToneArticleRow } from '../api/getToneArticles';
import { NS } from '../i18n';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';

export interface DeleteToneArticleModalProps {
  article: ToneArticleRow | null;
  memberCount: number;
  onClose: () => void;
}

/** Confirmation before deleting a tone article (a group's members become groups). */
export function DeleteToneArticleModal({ article, memberCount, onClose }: DeleteToneArticleModalProps) {
  const { t } = useTranslation(NS);
  const remove = useDeleteToneArticle();

  const handleConfirm = () => {
    if (!article) return;
    remove.mutate(article.id, {
      onSuccess: () => {
        showToast({ color: 'green', title: t('toast.successTitle'), message: t('toast.deleted') });
        onClose();
      },
      onError: (error) => showToast({ color: 'red', title: t('toast.deleteError'), message: dataErrorMessage(error, t) }),
    });
  };

  return (
    <ConfirmDeleteModal
      opened={article !== null}
      title={t('confirmDelete.title')}
      confirmLabel={t('confirmDelete.confirm')}
      cancelLabel={t('confirmDelete.cancel')}
      closeLabel={t('close')}
      isPending={remove.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      <Text size="sm">{t('confirmDelete.message', { name: article?.name ?? '' })}</Text>
      {memberCount > 0 && (
        <Text size="sm" c="gray.7">
          {t('confirmDelete.membersNote', { count: memberCount })}
        </Text>
      )}
    </ConfirmDeleteModal>
  );
}
