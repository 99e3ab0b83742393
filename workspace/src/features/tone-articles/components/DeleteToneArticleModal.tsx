import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { useDeleteToneArticle } from '../api/deleteToneArticle';
import type { ToneArticleRow } from '../api/getToneArticles';
import { NS } from '../i18n';
import { MODAL_CONTRAST } from './ToneArticleFormModal';

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
    <Modal
      opened={article !== null}
      onClose={onClose}
      title={t('confirmDelete.title')}
      styles={MODAL_CONTRAST}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('confirmDelete.message', { name: article?.name ?? '' })}</Text>
        {memberCount > 0 && (
          <Text size="sm" c="gray.7">
            {t('confirmDelete.membersNote', { count: memberCount })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('confirmDelete.cancel')}
          </Button>
          <Button color="red.8" onClick={handleConfirm} loading={remove.isPending}>
            {t('confirmDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
