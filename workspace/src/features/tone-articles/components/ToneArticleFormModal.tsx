import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { useCreateToneArticle } from '../api/createToneArticle';
import { useToneGroups } from '../../../components/toneGroups';
import type { ToneArticleRow } from '../api/getToneArticles';
import { useUpdateToneArticle } from '../api/updateToneArticle';
import { NS } from '../i18n';

const NONE = 'none';
// Mantine's error red (red.6) and dimmed grey (gray.6) are ~3.3:1 on white: darker ones for the
// validation messages and field descriptions (WCAG AA 4.5:1)
export const MODAL_CONTRAST = {
  root: { '--mantine-color-error': 'var(--mantine-color-red-8)', '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
} as const;
const NAME_MAX = 200;

interface FormValues {
  name: string;
  parent: string;
  content: string;
}

export interface ToneArticleFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** the tone article to edit; none to create one */
  article?: ToneArticleRow | null;
  /** members of the edited article (a group with members cannot get a parent) */
  memberCount?: number;
}

/** 'Create new tone article' dialog, also used to edit one (same fields). */
export function ToneArticleFormModal({ opened, onClose, article, memberCount = 0 }: ToneArticleFormModalProps) {
  const { t } = useTranslation(NS);
  const isEdit = Boolean(article);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      styles={MODAL_CONTRAST}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* remounted per article: the form starts from its values */}
      {opened && <ToneArticleForm key={article?.id ?? 'new'} article={article ?? null} memberCount={memberCount} onDone={onClose} />}
    </Modal>
  );
}

function ToneArticleForm({
  article,
  memberCount,
  onDone,
}: {
  article: ToneArticleRow | null;
  memberCount: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const groups = useToneGroups();
  const create = useCreateToneArticle();
  const update = useUpdateToneArticle();
  const isEdit = article !== null;
  const isParentLocked = isEdit && memberCount > 0;

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      name: article?.name ?? '',
      parent: article?.parent_tone_article != null ? String(article.parent_tone_article) : NONE,
      content: article?.content ?? '',
    },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (!name) return t('form.nameRequired');
        if (name.length > NAME_MAX) return t('form.nameTooLong');
        return null;
      },
    },
  });

  const parentOptions = [
    { value: NONE, label: t('form.parentNone') },
    ...(groups.data ?? [])
      .filter((group) => group.id !== article?.id)
      .map((group) => ({ value: String(group.id), label: group.name })),
  ];
  // the current parent stays selectable while the groups load
  if (article?.parent_tone_article != null && !parentOptions.some((o) => o.value === String(article.parent_tone_article))) {
    parentOptions.push({ value: String(article.parent_tone_article), label: article.parent?.name ?? String(article.parent_tone_article) });
  }

  const isSaving = create.isPending || update.isPending;

  const handleSubmit = form.onSubmit((values) => {
    const payload = {
      name: values.name.trim(),
      parent_tone_article: values.parent === NONE ? null : Number(values.parent),
      content: values.content.trim() ? values.content : null,
    };
    if (article) {
      update.mutate(
        { id: article.id, values: payload },
        {
          onSuccess: () => {
            showToast({ color: 'green', title: t('toast.successTitle'), message: t('toast.updated') });
            onDone();
          },
          onError: (error) => showToast({ color: 'red', title: t('toast.updateError'), message: dataErrorMessage(error, t) }),
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: () => {
          showToast({ color: 'green', title: t('toast.successTitle'), message: t('toast.created') });
          onDone();
        },
        onError: (error) => showToast({ color: 'red', title: t('toast.createError'), message: dataErrorMessage(error, t) }),
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label={t('form.parent')}
          description={isParentLocked ? t('form.parentLocked') : t('form.parentDescription')}
          data={parentOptions}
          allowDeselect={false}
          disabled={isParentLocked}
          error={groups.isError ? t('form.groupsLoadError') : undefined}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('parent')}
        />
        <Textarea
          label={t('form.content')}
          placeholder={t('form.contentPlaceholder')}
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('content')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {isEdit ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
