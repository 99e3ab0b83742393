import type { ComponentType, ReactNode } from 'react';
import { ActionIcon, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { NavLink, ScrollArea, Tooltip } from '@citable/mantine-bundled';
import {
  IconChecklist,
  IconChevronsLeft,
  IconInbox,
  IconChevronsRight,
  IconFileText,
  IconUserCircle,
  IconWorldWww,
  type IconProps,
} from '@tabler/icons-react';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isStaff, useUser } from '@citable/shared';
import { paths } from '../../../config/paths';

export const SIDEBAR_WIDTH_EXPANDED = 240;
export const SIDEBAR_WIDTH_COLLAPSED = 70;
export const COMPANY_NAME = 'Citable SAS';

interface NavItem {
  to: string;
  labelKey: 'nav.sites' | 'nav.articles' | 'nav.inbox' | 'nav.toneArticles' | 'nav.profile';
  icon: ComponentType<IconProps>;
  /** other paths that belong to this item */
  matches?: string[];
  /** shown to staff accounts only (isStaff): the database refuses the data to others anyway */
  staffOnly?: boolean;
}

/** The sidebar's links: the entry points of the areas (config/paths.ts), in order. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.sites, labelKey: 'nav.sites', icon: IconWorldWww, matches: [paths.dashboard] },
  { to: paths.articles, labelKey: 'nav.articles', icon: IconChecklist },
  { to: paths.inbox, labelKey: 'nav.inbox', icon: IconInbox, staffOnly: true },
  { to: paths.toneArticles, labelKey: 'nav.toneArticles', icon: IconFileText },
  { to: paths.profile, labelKey: 'nav.profile', icon: IconUserCircle },
];

function isActive(pathname: string, item: NavItem) {
  return [item.to, ...(item.matches ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface SidebarProps {
  collapsed: boolean;
  /** content above the links (the logo in the mobile drawer) */
  header?: ReactNode;
  /** absent in the mobile drawer (always expanded there) */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, header, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const staff = isStaff(useUser());
  const items = NAV_ITEMS.filter((item) => staff || !item.staffOnly);
  const copyright = t('footer.copyright', { year: new Date().getFullYear() });
  const toggle = onToggleCollapsed ? (
    <Tooltip label={collapsed ? t('nav.expand') : t('nav.collapse')} position="right" withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onToggleCollapsed}
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
        aria-expanded={!collapsed}
        data-testid="sidebar-toggle"
      >
        {collapsed ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
      </ActionIcon>
    </Tooltip>
  ) : null;

  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-collapsed={collapsed || undefined}>
      {header}
      <ScrollArea style={{ flex: 1 }} type="never">
        <Box component="nav" aria-label={t('nav.label')} p="sm">
          <Stack gap={4}>
            {items.map((item) => {
              const label = t(item.labelKey);
              const Icon = item.icon;
              const active = isActive(pathname, item);
              const link = (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  label={collapsed ? undefined : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={<Icon size={20} stroke={1.7} />}
                  active={active}
                  variant="light"
                  onClick={onNavigate}
                  styles={{
                    root: {
                      borderRadius: 'var(--mantine-radius-md)',
                      justifyContent: collapsed ? 'center' : undefined,
                      height: 42,
                    },
                    section: collapsed ? { marginInlineEnd: 0 } : undefined,
                    body: collapsed ? { display: 'none' } : undefined,
                  }}
                />
              );
              return collapsed ? (
                <Tooltip key={item.to} label={label} position="right" withArrow>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </Stack>
        </Box>
      </ScrollArea>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {collapsed ? (
          <Stack gap={6} align="center">
            {toggle}
            <Tooltip label={copyright} position="right" withArrow>
              <Text size="xs" c="dimmed">
                <span aria-hidden>©</span>
                <VisuallyHidden>{copyright}</VisuallyHidden>
              </Text>
            </Tooltip>
          </Stack>
        ) : (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="sidebar-copyright" title={`${copyright}. ${t('footer.rights')}`}>
              {copyright}
            </Text>
            {toggle}
          </Group>
        )}
      </Box>
    </Stack>
  );
}
