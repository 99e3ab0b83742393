import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, List, Modal, Paper, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { useAddPrompts, useDeletePrompt, useDraftSources, useUpdatePrompt, type Prompt } from '../api/prompts';
import { draftPrompts } from '../utils/drafts';

/** The question and its phrasings as typed: null when valid, else which field is wrong. */
export function promptErrors(question: string, phrasingsText: string) {
  const phrasings = phrasingsText
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  const q = question.trim();
  return {
    question: q.length < 3 || q.length > 500,
    phrasings: phrasings.length < 1 || phrasings.length > 10 || phrasings.some((p) => p.length < 3 || p.length > 1000),
    values: { question: q, phrasings },
  };
}

function PromptForm({ initial, title, onSubmit, onClose, pending }: { initial: { question: string; phrasings: string[] }; title: string; onSubmit: (v: { question: string; phrasings: string[] }) => void; onClose: () => void; pending: boolean }) {
  const { t } = useTranslation(NS);
  const [question, setQuestion] = useState(initial.question);
  const [phrasings, setPhrasings] = useState(initial.phrasings.join('\n'));
  const [submitted, setSubmitted] = useState(false);
  const check = promptErrors(question, phrasings);
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('prompts.cancel') }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!check.question && !check.phrasings) onSubmit(check.values);
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('prompts.question')} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} error={submitted && check.question ? t('prompts.questionError') : null} data-autofocus required />
          <Textarea label={t('prompts.phrasings')} value={phrasings} onChange={(e) => setPhrasings(e.currentTarget.value)} autosize minRows={3} maxRows={10} error={submitted && check.phrasings ? t('prompts.phrasingsError') : null} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('prompts.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="prompt-save">
              {t('prompts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The page's tracked questions: drafted from its keywords and brief, added, edited, paused, removed. */
export function PromptsCard({ siteId, pageId, prompts }: { siteId: number; pageId: number; prompts: Prompt[] }) {
  const { t } = useTranslation(NS);
  const sources = useDraftSources(siteId, pageId);
  const add = useAddPrompts(pageId);
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null);
  const fail = (error: unknown) => showToast({ color: 'red', title: t('prompts.error'), message: dataErrorMessage(error, t) });
  const language = (sources.data?.languageCode ?? 'fr').toLowerCase().startsWith('en') ? 'en' : 'fr';

  const draft = () => {
    if (!sources.data) return;
    const known = new Set(prompts.map((p) => p.question.toLocaleLowerCase()));
    const drafts = draftPrompts(sources.data).filter((d) => !known.has(d.question.toLocaleLowerCase()));
    if (drafts.length === 0) {
      showToast({ color: 'gray', message: t('prompts.noSources') });
      return;
    }
    add.mutate(drafts, { onSuccess: () => showToast({ color: 'teal', message: t('prompts.drafted', { count: drafts.length }) }), onError: fail });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="prompts-title" data-testid="prompts-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={2} size="h4" id="prompts-title">
              {t('prompts.heading')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('prompts.hint')}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" leftSection={<IconSparkles size={16} />} onClick={draft} loading={add.isPending || sources.isPending} data-testid="prompts-draft">
              {t('prompts.draft')}
            </Button>
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="prompts-add">
              {t('prompts.add')}
            </Button>
          </Group>
        </Group>
        {prompts.length === 0 ? (
          <Text c="gray.7" data-testid="prompts-empty">
            {t('prompts.empty')}
          </Text>
        ) : (
          <List listStyleType="none" pl={0} spacing="xs">
            {prompts.map((p) => (
              <List.Item key={p.id} data-testid="prompt-row" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }} c={p.active ? undefined : 'gray.7'}>
                      {p.question}
                    </Text>
                    <Group gap={6}>
                      <Badge size="xs" variant="outline" color="gray.8" tt="none">
                        {t(`prompts.source.${p.source}`)}
                      </Badge>
                      <Text size="xs" c="gray.7">
                        {t('prompts.phrasingCount', { count: p.phrasings.length })}
                      </Text>
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Switch
                      checked={p.active}
                      onChange={(e) => update.mutate({ id: p.id, active: e.currentTarget.checked }, { onError: fail })}
                      aria-label={t('prompts.activeLabel', { question: p.question })}
                    />
                    <ActionIcon variant="subtle" color="gray.8" size="lg" onClick={() => setEditing(p)} aria-label={t('prompts.editLabel', { question: p.question })}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => remove.mutate(p.id, { onError: fail })} aria-label={t('prompts.deleteLabel', { question: p.question })}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      {editing && (
        <PromptForm
          title={editing === 'new' ? t('prompts.addTitle') : t('prompts.editTitle')}
          initial={editing === 'new' ? { question: '', phrasings: [] } : editing}
          pending={add.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(values) => {
            const done = { onSuccess: () => setEditing(null), onError: fail };
            if (editing === 'new') add.mutate([{ ...values, language, source: 'operator' }], done);
            else update.mutate({ id: editing.id, ...values }, done);
          }}
        />
      )}
    </Paper>
  );
}
