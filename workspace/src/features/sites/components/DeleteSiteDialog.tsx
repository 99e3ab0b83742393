import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { useDeleteSite, pageCount, type SiteWithPageCount } from '../api/sites';

interface DeleteSiteDialogProps {
  site: SiteWithPageCount | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting a site, naming what goes with it (its pages and everything under them). */
export function DeleteSiteDialog({ site, onClose, onDeleted }: DeleteSiteDialogProps) {
  const { t } = useTranslation('sites');
  const remove = useDeleteSite();
  const handleConfirm = () => {
    if (!site) return;
    remove.mutate(site, {
      onSuccess: () => {
        showToast({ color: 'green', title: t('delete.success'), message: t('delete.successText', { name: site.name }) });
        onClose();
        onDeleted?.();
      },
      onError: () => showToast({ color: 'red', title: t('form.errorTitle'), message: t('delete.error') }),
    });
  };
  return (
    <ConfirmDeleteModal
      opened={site !== null}
      title={<Text fw={700}>{t('delete.title')}</Text>}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      closeLabel={t('form.close')}
      isPending={remove.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      {site && (
        <>
          <Text size="sm">{t('delete.body', { name: site.name, pages: t('delete.pages', { count: pageCount(site) }) })}</Text>
          <Text size="sm" fw={600} c="red.8">
            {t('delete.irreversible')}
          </Text>
        </>
      )}
    </ConfirmDeleteModal>
  );
}
