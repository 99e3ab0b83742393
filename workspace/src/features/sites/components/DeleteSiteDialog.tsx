import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
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
    <Modal opened={site !== null} onClose={onClose} title={<Text fw={700}>{t('delete.title')}</Text>} centered closeButtonProps={{ 'aria-label': t('form.close') }}>
      {site && (
        <Stack gap="md">
          <Text size="sm">{t('delete.body', { name: site.name, pages: t('delete.pages', { count: pageCount(site) }) })}</Text>
          <Text size="sm" fw={600} c="red">
            {t('delete.irreversible')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {t('delete.cancel')}
            </Button>
            <Button color="red" onClick={handleConfirm} loading={remove.isPending}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
