import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

interface Props {
  opened: boolean;
  /** how many claims of the version are unsupported (≥ 1) */
  count: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void | Promise<void>;
}

/** Before approving a version with unsupported claims: how many, and what that means. */
export function ApproveUnsupportedModal({ opened, count, busy, onClose, onConfirm }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('unsupported.title')} centered closeButtonProps={{ 'aria-label': t('images.close') }}>
      <Stack gap="md" data-testid="approve-unsupported">
        <Text size="sm">{t('unsupported.text', { count })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('unsupported.cancel')}
          </Button>
          <Button color="teal.9" onClick={() => void onConfirm()} loading={busy}>
            {t('unsupported.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
