import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCornerDownRight, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, useUser } from '@citable/shared';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { dataErrorMessage } from '@citable/shared/data';
import { useToneArticles, type ToneArticleRow } from '../api/getToneArticles';
import { NS } from '../i18n';
import { canEdit, orderToneArticles, type ToneArticleEntry } from '../utils/toneArticles';
import { DeleteToneArticleModal } from './DeleteToneArticleModal';
import { ToneArticleContent } from './ToneArticleContent';
import { ToneArticleFormModal } from './ToneArticleFormModal';

type Entry = ToneArticleEntry<ToneArticleRow>;

/** Tone articles (/tone-articles): groups and their members, create, edit and delete (docs/product-rules.md#screens). */
export function ToneArticlesScreen() {
  const { t } = useTranslation(NS);
  const user = useUser();
  const articles = useToneArticles();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<{ article: ToneArticleRow | null; memberCount: number } | null>(null);
  const [deleting, setDeleting] = useState<{ article: ToneArticleRow; memberCount: number } | null>(null);

  const entries = useMemo(() => orderToneArticles(articles.data ?? []), [articles.data]);
  const memberCountOf = (entry: Entry) => (entry.kind === 'group' ? entry.memberCount : 0);
  const actions = {
    userId: user?.id ?? null,
    onEdit: (entry: Entry) => setEditing({ article: entry.article, memberCount: memberCountOf(entry) }),
    onDelete: (entry: Entry) => setDeleting({ article: entry.article, memberCount: memberCountOf(entry) }),
  };

  let body;
  if (articles.isPending) {
    body = (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="gray.7">
            {t('loading')}
          </Text>
        </Group>
      </Center>
    );
  } else if (articles.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('loadError')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{dataErrorMessage(articles.error, t)}</Text>
          <Button color="red.8" size="xs" onClick={() => void articles.refetch()} loading={articles.isFetching}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entries.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="gray.7" data-testid="tone-articles-empty">
          {t('empty')}
        </Text>
      </Paper>
    );
  } else if (isMobile) {
    body = <ToneArticleCards entries={entries} {...actions} />;
  } else {
    body = <ToneArticleTable entries={entries} {...actions} />;
  }

  return (
    <ScreenContainer data-testid="tone-articles-screen">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="gray.7" size="sm" mt={4}>
            {t('intro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ article: null, memberCount: 0 })}>
          {t('create')}
        </Button>
      </Group>
      {body}
      <ToneArticleFormModal
        opened={editing !== null}
        article={editing?.article ?? null}
        memberCount={editing?.memberCount ?? 0}
        onClose={() => setEditing(null)}
      />
      <DeleteToneArticleModal article={deleting?.article ?? null} memberCount={deleting?.memberCount ?? 0} onClose={() => setDeleting(null)} />
    </ScreenContainer>
  );
}

interface ListProps {
  entries: Entry[];
  userId: string | null;
  onEdit: (entry: Entry) => void;
  onDelete: (entry: Entry) => void;
}

function NameCell({ entry, isIndented = true }: { entry: Entry; isIndented?: boolean }) {
  const { t } = useTranslation(NS);
  if (entry.kind === 'group') {
    return (
      <Stack gap={4}>
        <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.article.name}
        </Text>
        <Group gap={6}>
          <Badge size="sm" variant="filled" color="indigo.8">
            {t('group')}
          </Badge>
          {entry.article.is_shared && (
            <Badge size="sm" variant="outline" color="gray.7">
              {t('shared')}
            </Badge>
          )}
          <Text size="xs" c="gray.7">
            {t('groupMembers', { count: entry.memberCount })}
          </Text>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" pl={isIndented ? 'md' : 0} align="flex-start">
      <IconCornerDownRight size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-gray-6)' }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.article.name}
      </Text>
    </Group>
  );
}

function parentName(entry: Entry): string | null {
  if (entry.kind === 'group') return null;
  return entry.group?.name ?? entry.article.parent?.name ?? null;
}

function RowActions({ entry, userId, onEdit, onDelete }: { entry: Entry } & Omit<ListProps, 'entries'>) {
  const { t } = useTranslation(NS);
  const { name } = entry.article;
  if (!canEdit(entry.article, userId)) {
    return (
      <Tooltip label={t('readOnly')}>
        <Group gap={4} c="gray.7" wrap="nowrap" data-testid="tone-article-read-only">
          <IconLock size={16} aria-hidden />
          <VisuallyHidden>{t('readOnly')}</VisuallyHidden>
        </Group>
      </Tooltip>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('edit', { name })}>
        <ActionIcon variant="subtle" aria-label={t('edit', { name })} onClick={() => onEdit(entry)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('delete', { name })}>
        <ActionIcon variant="subtle" color="red" aria-label={t('delete', { name })} onClick={() => onDelete(entry)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function ToneArticleTable({ entries, ...actions }: ListProps) {
  const { t } = useTranslation(NS);
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720} aria-label={t('tableLabel')}>
        <Table verticalSpacing="sm" horizontalSpacing="md" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '28%' }}>{t('columns.name')}</Table.Th>
              <Table.Th style={{ width: '20%' }}>{t('columns.parent')}</Table.Th>
              <Table.Th>{t('columns.content')}</Table.Th>
              <Table.Th style={{ width: 96 }}>
                <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr
                key={entry.article.id}
                data-testid="tone-article-row"
                data-kind={entry.kind}
                style={entry.kind === 'group' ? { background: 'var(--mantine-color-default-hover)' } : undefined}
              >
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <NameCell entry={entry} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Text size="sm" c={parentName(entry) ? undefined : 'gray.7'}>
                    {parentName(entry) ?? t('noParent')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <ToneArticleContent content={entry.article.content} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <RowActions entry={entry} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The same entries as cards on a phone; members indented under their group. */
function ToneArticleCards({ entries, ...actions }: ListProps) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="sm" role="list" aria-label={t('title')}>
      {entries.map((entry) => {
        const parent = parentName(entry);
        return (
          <Card
            key={entry.article.id}
            role="listitem"
            withBorder
            radius="md"
            padding="sm"
            ml={entry.kind === 'member' ? 'lg' : 0}
            data-testid="tone-article-row"
            data-kind={entry.kind}
            style={entry.kind === 'member' ? { borderLeft: '3px solid var(--mantine-color-indigo-3)' } : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0, flex: 1 }}>
                {/* the card itself is indented under its group */}
                <NameCell entry={entry} isIndented={false} />
              </div>
              <RowActions entry={entry} {...actions} />
            </Group>
            {parent && (
              <Text size="xs" c="gray.7" mt={6}>
                {t('parentLabel', { name: parent })}
              </Text>
            )}
            <div style={{ marginTop: 8 }}>
              <ToneArticleContent content={entry.article.content} />
            </div>
          </Card>
        );
      })}
    </Stack>
  );
}
