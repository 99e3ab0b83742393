import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconFileImport, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { LazyImportModal } from '../../../components/bulk/LazyImportModal';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { NS } from '../i18n';
import { useCreateArticleActions } from '../api/createArticleActions';

export interface PageRowMenuProps {
  siteId: number;
  siteUrl?: string | null;
  page: { id: number; name: string };
  /** the tap size of the row's icons */
  size: number | string;
}

/** A row's "more" menu (issue 32): create this page's article (after the run estimate), import its keywords. */
export function PageRowMenu({ siteId, siteUrl, page, size }: PageRowMenuProps) {
  const { t } = useTranslation(NS);
  const create = useCreateArticleActions();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isImporting, setIsImporting] = useState(false);

  const createArticle = () =>
    create.mutate([page.id], {
      onSuccess: (n) => {
        setIsConfirming(false);
        showToast({ color: 'teal', title: t('batch.created', { count: n }), message: page.name });
      },
      onError: (error) => {
        setIsConfirming(false);
        showToast({ color: 'red', title: t('batch.createFailed'), message: dataErrorMessage(error, t) });
      },
    });

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon size={size} variant="subtle" color="gray.8" aria-label={t('rowMenu.label', { name: page.name })} data-testid="page-row-menu">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconSparkles size={16} />} onClick={() => setIsConfirming(true)} data-testid="row-create-article">
            {t('rowMenu.createArticle')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => setIsImporting(true)} data-testid="row-import-keywords">
            {t('rowMenu.importKeywords')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RunConfirmModal
        opened={isConfirming}
        action="create_article"
        runs={1}
        isPending={create.isPending}
        onConfirm={createArticle}
        onClose={() => !create.isPending && setIsConfirming(false)}
      />
      {isImporting && (
        <LazyImportModal opened kind="keywordsPage" siteId={siteId} siteUrl={siteUrl} pageId={page.id} onClose={() => setIsImporting(false)} />
      )}
    </>
  );
}
