import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: ReactNode;
  /** what is deleted, and what goes with it */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** the close button's accessible name */
  closeLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a deletion: what goes, then Cancel and a red confirm button (busy while it runs). */
export function ConfirmDeleteModal({ opened, title, children, confirmLabel, cancelLabel, closeLabel, isPending, onConfirm, onClose }: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      // dimmed and error texts at AA contrast on the modal's white
      styles={{ root: { '--mantine-color-error': 'var(--mantine-color-red-8)', '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
