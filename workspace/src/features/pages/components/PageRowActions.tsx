import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { PageListRow } from '../api/getPages';
import { PageRowMenu } from './PageRowMenu';

export interface PageRowActionsProps {
  row: PageListRow;
  siteId: number;
  siteUrl?: string | null;
  onEdit: (row: PageListRow) => void;
  onDelete: (row: PageListRow) => void;
  /** ActionIcon size: 44 px taps on phones and touch screens */
  tapSize: 'xl' | 'md';
}

/**
 * A page's actions, the same in the table's Actions column and on a phone's card: edit, delete, and
 * the "more" menu (create this page's article, import its keywords).
 */
export function PageRowActions({ row, siteId, siteUrl, onEdit, onDelete, tapSize }: PageRowActionsProps) {
  const { t } = useTranslation(NS);
  const iconSize = tapSize === 'xl' ? 18 : 16;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" style={{ flexShrink: 0 }} data-testid="page-actions">
      <Tooltip label={t('list.edit')} withArrow>
        <ActionIcon size={tapSize} variant="subtle" color="gray.8" aria-label={`${t('list.edit')} – ${row.name}`} onClick={() => onEdit(row)} data-testid="page-edit">
          <IconPencil size={iconSize} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('list.delete')} withArrow>
        <ActionIcon size={tapSize} variant="subtle" color="red.8" aria-label={`${t('list.delete')} – ${row.name}`} onClick={() => onDelete(row)} data-testid="page-delete">
          <IconTrash size={iconSize} />
        </ActionIcon>
      </Tooltip>
      <PageRowMenu siteId={siteId} siteUrl={siteUrl} page={{ id: row.id, name: row.name }} size={tapSize} iconSize={iconSize} />
    </Group>
  );
}
