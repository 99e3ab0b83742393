import { useState } from 'react';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

interface Props {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  /** resolves true when the request went through (the dialog then closes and forgets the text) */
  onSubmit: (comments: string) => Promise<boolean>;
}

/** 'Send for Revision' with its required comments (§5: at least one character that is not a space). */
export function SendForRevisionModal({ opened, busy, onClose, onSubmit }: Props) {
  const { t } = useTranslation(NS);
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (comments.trim() === '') {
      setError(t('revisionForm.required'));
      return;
    }
    if (await onSubmit(comments)) {
      setComments('');
      setError(null);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('revisionForm.title')} centered size="lg" closeButtonProps={{ 'aria-label': t('images.close') }}>
      <form onSubmit={submit} noValidate>
        <Textarea
          label={t('revisionForm.label')}
          description={t('revisionForm.description')}
          placeholder={t('revisionForm.placeholder')}
          value={comments}
          onChange={(event) => {
            setComments(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={20000}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('revisionForm.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('revisionForm.submit')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
