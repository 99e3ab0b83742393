import '@mantine/dropzone/styles.css';
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, AspectRatio, Button, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { NS } from '../i18n';
import { discardExample, newExamplePath, uploadExample } from '../api/images';
import { canRetryUpload, MAX_IMAGE_BYTES, uploadFailureKind } from '../utils/images';

interface Pending {
  key: string;
  file: File;
  /** its storage path, fixed when picked: a retry sends it to the same place (never a second copy) */
  path: string;
  preview: string;
  error: string | null;
  /** false for a file that fails the same way every time (not an image by its content, too large): never sent again */
  retryable: boolean;
}

let nextKey = 0;

/**
 * Image Examples upload: drag-and-drop or click (only image/* files, the bucket's 10 MB), previews with
 * remove, Submit. Files are sent one by one; each one that made it leaves the list (and shows in the grid),
 * each one that failed stays with its reason, so Submit again retries only those — at the same storage
 * path, so a file whose answer was lost on the way back is neither lost nor stored twice.
 */
export function ExampleUploader({ pageId }: { pageId: number }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const [busy, setBusy] = useState<{ done: number; total: number } | null>(null);
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  // previews are object URLs: released when a file leaves the list or the screen closes
  useEffect(() => () => pendingRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const add = (files: File[]) => {
    setPending((list) => [...list, ...files.map((file) => ({ key: `f${nextKey++}`, file, path: newExamplePath(pageId, file), preview: URL.createObjectURL(file), error: null, retryable: true }))]);
  };

  const reject = (rejections: FileRejection[]) => {
    const lines = rejections.map(({ file, errors }) =>
      errors.some((e) => e.code === 'file-too-large') && file.type.startsWith('image/')
        ? t('examples.tooLarge', { name: file.name })
        : t('examples.notImage', { name: file.name }),
    );
    showToast({ color: 'red', title: t('errorTitle'), message: lines.join(' ') });
  };

  const remove = (key: string) => {
    setPending((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((p) => p.key !== key);
    });
  };

  /** The remove button: a file that failed may have left its object (or even its row) behind. */
  const discard = (item: Pending) => {
    remove(item.key);
    if (item.error) {
      void discardExample(pageId, item.path).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.images.lists(pageId) }));
    }
  };

  const failure = (error: unknown) => {
    const e = toDataError(error);
    const kind = uploadFailureKind(e);
    const message = kind === 'badContent' ? t('examples.badContent') : kind === 'tooLarge' ? t('examples.tooLargeFile') : dataErrorMessage(error, t);
    return { message, retryable: canRetryUpload(kind) };
  };

  const submit = async () => {
    // a file refused for its content or size is never sent again: it only waits to be removed
    const queue = pendingRef.current.filter((p) => p.retryable);
    if (queue.length === 0 || busy) return;
    let uploaded = 0;
    setBusy({ done: 0, total: queue.length });
    for (const [i, item] of queue.entries()) {
      try {
        await uploadExample(pageId, item.file, item.path);
        uploaded += 1;
        remove(item.key);
      } catch (error) {
        const { message, retryable } = failure(error);
        setPending((list) => list.map((p) => (p.key === item.key ? { ...p, error: message, retryable } : p)));
      }
      setBusy({ done: i + 1, total: queue.length });
    }
    setBusy(null);
    if (uploaded > 0) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.images.lists(pageId) });
      // 'N image(s) uploaded successfully' (one toast per batch, plural by i18next)
      showToast({ id: `images-uploaded-${uploaded}`, color: 'teal', message: t('examples.uploaded', { count: uploaded }) });
    }
    // failures: no toast — the inline alert under the files already says it, with what to do
  };

  const failedCount = pending.filter((p) => p.error && p.retryable).length;
  const refusedCount = pending.filter((p) => !p.retryable).length;
  const sendable = pending.length - refusedCount;

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={add}
        onReject={reject}
        accept={['image/*']}
        maxSize={MAX_IMAGE_BYTES}
        multiple
        disabled={busy !== null}
        data-testid="examples-dropzone"
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <IconPhotoPlus size={36} stroke={1.5} color="var(--mantine-color-indigo-7)" aria-hidden />
          <div>
            <Text fw={600}>{t('examples.drop')}</Text>
            <Text size="sm" c="gray.7">
              {t('examples.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>

      {pending.length > 0 && (
        <Stack gap="xs" data-testid="pending-files">
          <Text size="sm" fw={600}>
            {t('examples.selected')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="xs">
            {pending.map((item) => (
              <Stack key={item.key} gap={4} data-testid="pending-file" data-name={item.file.name} data-failed={item.error ? true : undefined} data-refused={item.retryable ? undefined : true}>
                <div style={{ position: 'relative' }}>
                  <AspectRatio ratio={1}>
                    <Image src={item.preview} alt="" radius="sm" fit="cover" fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='4' fill='%23e9ecef'/></svg>" />
                  </AspectRatio>
                  <ActionIcon
                    variant="filled"
                    color="dark"
                    size="md"
                    radius="xl"
                    aria-label={t('examples.removeFile', { name: item.file.name })}
                    onClick={() => discard(item)}
                    disabled={busy !== null}
                    style={{ position: 'absolute', top: 4, right: 4 }}
                    data-testid="remove-file"
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </div>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                  {item.file.name}
                </Text>
                {item.error && (
                  <Text size="xs" c="red.8" data-testid="file-error" data-retryable={item.retryable}>
                    {item.error}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          {(failedCount > 0 || refusedCount > 0) && !busy && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errorTitle')} role="alert" data-testid="upload-failed">
              <Text size="sm" fw={600}>
                {t('examples.uploadError')}
              </Text>
              {failedCount > 0 && <Text size="sm">{t('examples.failedFiles', { count: failedCount })}</Text>}
              {refusedCount > 0 && (
                <Text size="sm" data-testid="refused-files">
                  {t('examples.refusedFiles', { count: refusedCount })}
                </Text>
              )}
            </Alert>
          )}
          {busy && (
            <Stack gap={4} role="status">
              <Text size="sm">{t('examples.uploading', busy)}</Text>
              <Progress value={(busy.done / busy.total) * 100} aria-hidden />
            </Stack>
          )}
          {sendable > 0 && (
            <Button onClick={() => void submit()} loading={busy !== null} style={{ alignSelf: 'flex-start' }} data-testid="examples-submit">
              {failedCount > 0 ? t('examples.retryUpload', { count: sendable }) : t('examples.submit')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
