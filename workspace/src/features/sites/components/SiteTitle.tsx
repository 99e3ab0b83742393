import { useState } from 'react';
import { ActionIcon, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { useUpdateSiteName } from '../api/sites';

/** The site's name as the page title, renamed in place: Enter saves, Escape cancels. */
export function SiteTitle({ siteId, name }: { siteId: number; name: string }) {
  const { t } = useTranslation('sites');
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useUpdateSiteName();

  const save = () => {
    const next = (draft ?? '').trim();
    if (next === '' || next === name) {
      setDraft(null);
      return;
    }
    rename.mutate(
      { siteId, name: next },
      {
        onSuccess: () => {
          setDraft(null);
          showToast({ color: 'green', title: t('detail.renamed'), message: next });
        },
        onError: () => showToast({ color: 'red', title: t('form.errorTitle'), message: t('detail.renameError') }),
      },
    );
  };

  if (draft !== null) {
    return (
      <TextInput
        aria-label={t('detail.renameInput')}
        description={t('detail.renameHint')}
        value={draft}
        autoFocus
        size="md"
        maw={560}
        w="100%"
        disabled={rename.isPending}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDraft(null);
          }
        }}
      />
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
      <Tooltip label={t('detail.rename')}>
        <ActionIcon variant="subtle" color="gray" aria-label={t('detail.rename')} onClick={() => setDraft(name)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
