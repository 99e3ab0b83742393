import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconWorld } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { pageCount, type SiteWithPageCount } from '../api/sites';
import { SiteLogo } from './SiteLogo';

interface SiteCardProps {
  site: SiteWithPageCount;
  onEdit: (site: SiteWithPageCount) => void;
  onDelete: (site: SiteWithPageCount) => void;
}

/** A site of the list: the whole card opens the site; its name is the link (keyboard, screen readers). */
export function SiteCard({ site, onEdit, onDelete }: SiteCardProps) {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="site-card"
      style={{ cursor: 'pointer', height: '100%' }}
      onClick={() => navigate(paths.site(site.id))}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <SiteLogo url={site.image_logo} name={site.name} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={paths.site(site.id)}
              fw={700}
              c="inherit"
              onClick={(event) => event.stopPropagation()}
              style={{ overflowWrap: 'anywhere' }}
            >
              {site.name}
            </Anchor>
            <Group gap={4} wrap="nowrap" c="gray.7">
              <IconWorld size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="gray.7" truncate="end">
                {site.url}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('list.menu', { name: site.name })} onClick={(event) => event.stopPropagation()}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(site)}>
              {t('list.edit')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(site)}>
              {t('list.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group mt="md" gap="xs">
        <Badge variant="light" color="indigo" data-testid="site-page-count">
          {t('list.pages', { count: pageCount(site) })}
        </Badge>
      </Group>
    </Card>
  );
}
