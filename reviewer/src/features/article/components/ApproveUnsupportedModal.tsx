import { Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

interface Props {
  /** unsupported claims of the version; the dialog is open when > 0 */
  unsupported: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Before approving an article some of whose claims their sources do not support: says how many, approving stays possible. */
export function ApproveUnsupportedModal({ unsupported, busy, onClose, onConfirm }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={unsupported > 0}
      onClose={onClose}
      title={t('approveCheck.title')}
      centered
      closeButtonProps={{ 'aria-label': t('images.close') }}
      data-testid="approve-unsupported"
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <IconAlertTriangle size={22} color="#a51d1d" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" data-testid="approve-unsupported-text">
          {t('approveCheck.body', { count: unsupported })}
        </Text>
      </Group>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {t('approveCheck.cancel')}
        </Button>
        <Button color="red.8" onClick={onConfirm} loading={busy} data-testid="approve-anyway">
          {t('approveCheck.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
