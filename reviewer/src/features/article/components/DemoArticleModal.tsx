import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** §4: on a demo article every review action and 'Change Image' open this dialog instead. */
export function DemoArticleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('demo.title')} centered closeButtonProps={{ 'aria-label': t('images.close') }}>
      <Text>{t('demo.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('demo.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
