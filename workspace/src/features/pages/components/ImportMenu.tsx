import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileImport, IconKey, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { LazyImportModal } from '../../../components/bulk/LazyImportModal';
import type { ImportKind } from '../../../components/bulk/ImportModal';
import type { StatusOption } from './statusOptions';

export interface ImportMenuProps {
  siteId: number;
  siteUrl?: string | null;
  statuses: readonly StatusOption[];
  disabled?: boolean;
}

/** The page list's "Importer" menu (issue 32): pages from a CSV or a list of URLs, keywords of many pages from a CSV. */
export function ImportMenu({ siteId, siteUrl, statuses, disabled = false }: ImportMenuProps) {
  const { t } = useTranslation(NS);
  const [kind, setKind] = useState<ImportKind | null>(null);
  return (
    <>
      <Menu position="bottom-end" shadow="md" disabled={disabled}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={disabled}
            data-testid="import-menu"
          >
            {t('list.import')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => setKind('pages')} data-testid="import-pages">
            {t('list.importPages')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setKind('keywordsSite')} data-testid="import-keywords">
            {t('list.importKeywords')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {kind !== null && (
        <LazyImportModal key={kind} opened kind={kind} siteId={siteId} siteUrl={siteUrl} statuses={statuses} onClose={() => setKind(null)} />
      )}
    </>
  );
}
