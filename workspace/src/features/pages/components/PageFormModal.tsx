import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Fieldset, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { findPageWithUrl, useCreatePage, useUpdatePage } from '../api/savePage';
import { pageKeys } from '../api/keys';
import { DEFAULT_STATUS_ID, normalizePageUrl, statusIdOf, validatePageForm, type PageFormValues } from '../utils/pageForm';
import { focusFirstError } from '../../../utils/focusFirstError';
import type { StatusOption } from './statusOptions';

export interface EditedPage {
  id: number;
  name: string;
  url: string;
  status: number;
  hide_cover_image_from_preview?: boolean;
  hide_revisions_texts_from_preview?: boolean;
}

export interface PageFormModalProps {
  opened: boolean;
  siteId: number;
  /** the site's address: a path typed as URL becomes a page of this site */
  siteUrl?: string | null;
  /** the page to edit; a new page when absent */
  page?: EditedPage | null;
  statuses: readonly StatusOption[];
  onClose: () => void;
  onSaved?: (pageId: number) => void;
}

function PageForm({ siteId, siteUrl, page, statuses, onClose, onSaved }: Omit<PageFormModalProps, 'opened'>) {
  const { t } = useTranslation(NS);
  const create = useCreatePage(siteId);
  const update = useUpdatePage(siteId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PageFormValues>({
    mode: 'controlled',
    initialValues: {
      name: page?.name ?? '',
      url: page?.url ?? '',
      status: String(page?.status ?? DEFAULT_STATUS_ID),
      hideRevisionsTexts: page?.hide_revisions_texts_from_preview ?? false,
      hideCoverImage: page?.hide_cover_image_from_preview ?? false,
    },
    validate: (values) => {
      const errors = validatePageForm(values, siteUrl);
      return { name: errors.name && t(`form.${errors.name}`), url: errors.url && t(`form.${errors.url}`) };
    },
  });
  const isPending = create.isPending || update.isPending;
  const trimmedUrl = form.values.url.trim();
  const normalized = trimmedUrl ? (normalizePageUrl(trimmedUrl, siteUrl) ?? '') : '';
  // another page of the site at this address: said, not refused (two pages may share a URL on purpose)
  const [checkedUrl] = useDebouncedValue(normalized, 400);
  const sameUrl = useQuery({
    queryKey: [...pageKeys.sameUrl(siteId, checkedUrl), page?.id ?? null],
    queryFn: () => findPageWithUrl(siteId, checkedUrl, page?.id ?? null),
    enabled: checkedUrl !== '' && checkedUrl !== page?.url,
    staleTime: 30_000,
  });
  const usedBy = checkedUrl !== '' && checkedUrl === normalized && checkedUrl !== page?.url ? sameUrl.data : null;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const payload = {
      name: values.name.trim(),
      // validated above: a web address
      url: normalizePageUrl(values.url, siteUrl) ?? values.url.trim(),
      status: statusIdOf(values.status, statuses),
      hide_revisions_texts_from_preview: values.hideRevisionsTexts,
      hide_cover_image_from_preview: values.hideCoverImage,
    };
    try {
      const saved = page ? await update.mutateAsync({ pageId: page.id, payload }) : await create.mutateAsync(payload);
      showToast({ color: 'teal', title: t(page ? 'form.updated' : 'form.created'), message: saved.name });
      onSaved?.(saved.id);
      onClose();
    } catch (error) {
      console.error('[pages] save failed', error);
      const message = t(page ? 'form.updateFailed' : 'form.createFailed');
      setFailure(message);
      showToast({ color: 'red', title: message, message: dataErrorMessage(error, t) });
    }
  }, (errors, _values, event) => focusFirstError((event?.currentTarget as HTMLFormElement | undefined) ?? null, errors));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="page-form-error">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          data-autofocus
          maxLength={500}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('form.url')}
          description={t('form.urlDescription')}
          placeholder="/blog/…"
          withAsterisk
          maxLength={2048}
          inputMode="url"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        {normalized && normalized !== trimmedUrl && (
          <Text size="xs" c="gray.7" mt={-8} style={{ overflowWrap: 'anywhere' }} data-testid="url-preview">
            {t('form.urlPreview', { url: normalized })}
          </Text>
        )}
        {usedBy && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status" p="xs" data-testid="url-used">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('form.urlUsed', { name: usedBy.name })}
            </Text>
          </Alert>
        )}
        <Select
          label={t('form.status')}
          data={statuses.map((s) => ({ value: String(s.id), label: s.label }))}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
        />
        <Fieldset legend={t('form.demoSection')} variant="filled" p="sm" data-testid="page-demo-switches">
          <Stack gap="sm">
            <Switch
              label={t('form.hideRevisionsTexts')}
              description={t('form.hideRevisionsTextsDescription')}
              data-testid="switch-hide-revisions-texts"
              {...form.getInputProps('hideRevisionsTexts', { type: 'checkbox' })}
            />
            <Switch
              label={t('form.hideCoverImage')}
              description={t('form.hideCoverImageDescription')}
              data-testid="switch-hide-cover-image"
              {...form.getInputProps('hideCoverImage', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t(page ? 'form.save' : 'form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create or edit a page (docs/product-rules.md#validation "Page form"): name and URL required, URL normalised, status. */
export function PageFormModal({ opened, onClose, ...props }: PageFormModalProps) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg" component="span">
          {t(props.page ? 'form.editTitle' : 'form.createTitle')}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ root: { '--mantine-color-error': 'var(--mantine-color-red-8)', '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } }}
    >
      {opened && <PageForm {...props} onClose={onClose} />}
    </Modal>
  );
}
