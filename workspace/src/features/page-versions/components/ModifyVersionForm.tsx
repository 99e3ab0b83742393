/**
 * The 'Modify Versions' form (docs/product-rules.md#validation): a version is required ('Please select a version to
 * modify'); comments optional, prefilled from the chosen version's comments_to_modify; the flags
 * useWebSearch, highlightModifications, unhighlightModifications, createNewVersion (all false by
 * default); an optional example version. Submit is disabled while updating or with no version. The version
 * shown on the screen is preselected; the field's help is neutral, its requirement an error only once emptied.
 */
import { useState, type CSSProperties, type FormEvent } from 'react';
import { Button, Checkbox, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { ModificationRequest } from '../api/requestModification';
import type { VersionSummary } from '../api/versions';

export interface ModifyVersionFormProps {
  versions: readonly VersionSummary[];
  /** the version the screen shows: preselected until the reader chooses another */
  shownVersionId?: string | null;
  formatDate: (iso: string) => string;
  isUpdating: boolean;
  /** resolves when the request is recorded (the form then keeps the choices, as the version now holds them) */
  onSubmit: (request: ModificationRequest) => Promise<unknown>;
}

type Flags = Pick<ModificationRequest, 'useWebSearch' | 'highlightModifications' | 'unhighlightModifications' | 'createNewVersion'>;
const NO_FLAGS: Flags = { useWebSearch: false, highlightModifications: false, unhighlightModifications: false, createNewVersion: false };

export function ModifyVersionForm({ versions, shownVersionId = null, formatDate, isUpdating, onSubmit }: ModifyVersionFormProps) {
  const { t } = useTranslation(NS);
  // the reader's own choice (null until they choose or type): until then the version shown on the screen is
  // the one to modify, preselected (audit P10); a page with one version shows that one
  const [picked, setPicked] = useState<{ id: string | null } | null>(null);
  // what the user typed (null: nothing since the version was chosen): until then the field shows the
  // chosen version's comments, which can arrive later (a client's revision request)
  const [typedComments, setTypedComments] = useState<string | null>(null);
  const [flags, setFlags] = useState<Flags>(NO_FLAGS);
  const [exampleId, setExampleId] = useState<string | null>(null);
  // the requirement shows as an error only once the reader emptied the field or tried to submit
  const [showError, setShowError] = useState(false);

  const preselected = shownVersionId ?? (versions.length === 1 ? versions[0].id : null);
  const versionId = picked ? picked.id : preselected;
  // a version deleted meanwhile is no longer a choice
  const chosen = versionId && versions.some((v) => v.id === versionId) ? versionId : null;
  const example = exampleId && exampleId !== chosen && versions.some((v) => v.id === exampleId) ? exampleId : null;
  const options = versions.map((v) => ({ value: v.id, label: formatDate(v.created_date) }));

  // choosing a version prefills the comments from its comments_to_modify (docs/product-rules.md#validation)
  const comments = typedComments ?? versions.find((v) => v.id === chosen)?.comments_to_modify ?? '';

  const choose = (id: string | null) => {
    setPicked({ id });
    if (id === null) setShowError(true);
    setTypedComments(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) setShowError(true);
    if (!chosen || isUpdating) return;
    await onSubmit({ versionId: chosen, comments, ...flags, exampleVersionId: example }).catch(() => {});
  };

  const flag = (key: keyof Flags) => (
    <Checkbox
      label={t(`modify.${key}`)}
      checked={flags[key]}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setFlags((f) => ({ ...f, [key]: checked }));
      }}
      data-testid={`flag-${key}`}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="modify-versions-title"
      // descriptions and errors at AA contrast on white
      style={{ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="modify-form">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="modify-versions-title">
              {t('modify.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('modify.hint')}
            </Text>
          </div>
          <Select
            label={t('modify.version')}
            placeholder={t('modify.versionPlaceholder')}
            data={options}
            value={chosen}
            onChange={choose}
            required
            clearable
            // a real button: named, reached by Tab (Mantine hides it from assistive technologies by default)
            clearButtonProps={{ 'aria-label': t('modify.clearVersion'), 'aria-hidden': false, tabIndex: 0 }}
            // choosing the version already chosen keeps it (and the comments typed): the × clears it
            allowDeselect={false}
            error={showError && !chosen ? t('modify.versionRequired') : undefined}
            description={t('modify.versionHint')}
            data-testid="modify-version"
          />
          <Textarea
            label={t('modify.comments')}
            placeholder={t('modify.commentsPlaceholder')}
            value={comments}
            onChange={(event) => {
              // typing pins the version the comments are for: showing another version no longer changes it
              if (!picked) setPicked({ id: chosen });
              setTypedComments(event.currentTarget.value);
            }}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={20000}
            data-testid="modify-comments"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
            {flag('useWebSearch')}
            {flag('highlightModifications')}
            {flag('unhighlightModifications')}
            {flag('createNewVersion')}
          </SimpleGrid>
          <Select
            label={t('modify.example')}
            description={t('modify.exampleHint')}
            placeholder={t('modify.examplePlaceholder')}
            data={options.filter((o) => o.value !== chosen)}
            value={example}
            onChange={setExampleId}
            clearable
            data-testid="modify-example"
          />
          <Button
            type="submit"
            leftSection={<IconWand size={16} />}
            disabled={!chosen || isUpdating}
            loading={isUpdating}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('modify.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
