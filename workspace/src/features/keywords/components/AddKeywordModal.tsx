import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { NS } from '../i18n';
import { AddKeywordError, useAddKeyword } from '../api/keywords';
import { KEYWORD_MAX_LENGTH, canAddKeyword, keywordTooLong, normalizeKeyword } from '../utils/keywords';

interface AddKeywordModalProps {
  pageId: number;
  opened: boolean;
  onClose: () => void;
}

/** 'Add Keyword' (docs/product-rules.md#validation): blank disables the button; trimmed, reused case-insensitively, created, linked. */
export function AddKeywordModal({ pageId, opened, onClose }: AddKeywordModalProps) {
  const { t } = useTranslation(NS);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const add = useAddKeyword(pageId);

  const close = () => {
    if (add.isPending) return;
    setValue('');
    setError(null);
    setNotice(null);
    onClose();
  };

  // longer than the database takes: said in the field (a pasted text is not cut without a word)
  const length = Array.from(normalizeKeyword(value)).length;
  const tooLong = keywordTooLong(value) ? t('dialog.tooLong', { count: length, max: KEYWORD_MAX_LENGTH }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAddKeyword(value) || tooLong || add.isPending) return;
    setError(null);
    setNotice(null);
    add.mutate(value, {
      onSuccess: (result) => {
        if (result.status === 'already-linked') {
          setNotice(t('dialog.alreadyLinked', { keyword: result.keyword }));
          return;
        }
        showToast({ color: 'teal', message: t('dialog.added', { keyword: result.keyword }) });
        setValue('');
        onClose();
      },
      onError: (failure) => {
        const stage = failure instanceof AddKeywordError ? failure.stage : 'unexpected';
        setError(t(`dialog.errors.${stage}`));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('dialog.title')}
      centered
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      styles={{ root: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' } }}
    >
      <form onSubmit={submit} noValidate data-testid="add-keyword-form">
        <Stack gap="md">
          <TextInput
            label={t('dialog.label')}
            description={t('dialog.description', { max: KEYWORD_MAX_LENGTH })}
            placeholder={t('dialog.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setNotice(null);
            }}
            error={tooLong}
            data-autofocus
            data-testid="keyword-input"
          />
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={error} data-testid="add-keyword-error" />
          )}
          {notice && (
            <Alert color="yellow" icon={<IconInfoCircle size={18} />} role="status" title={notice} data-testid="add-keyword-notice" />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!canAddKeyword(value) || tooLong !== null} loading={add.isPending}>
              {t('dialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
