import type { ComponentType } from 'react';
import { ActionIcon, Box, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconChevronsLeft,
  IconChevronsRight,
  IconFileText,
  IconUserCircle,
  IconWorldWww,
  type IconProps,
} from '@tabler/icons-react';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export const SIDEBAR_WIDTH_EXPANDED = 240;
export const SIDEBAR_WIDTH_COLLAPSED = 70;
export const COMPANY_NAME = 'Citable SAS';

interface NavItem {
  to: string;
  labelKey: 'nav.sites' | 'nav.toneArticles' | 'nav.profile';
  icon: ComponentType<IconProps>;
  /** other paths that belong to this item */
  matches?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/sites', labelKey: 'nav.sites', icon: IconWorldWww, matches: ['/dashboard'] },
  { to: '/tone-articles', labelKey: 'nav.toneArticles', icon: IconFileText },
  { to: '/profile', labelKey: 'nav.profile', icon: IconUserCircle },
];

function isActive(pathname: string, item: NavItem) {
  return [item.to, ...(item.matches ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface SidebarProps {
  collapsed: boolean;
  /** absent in the mobile drawer (always expanded there) */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const year = new Date().getFullYear();

  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-collapsed={collapsed || undefined}>
      <ScrollArea style={{ flex: 1 }} type="never">
        <Box component="nav" aria-label={t('nav.label')} p="sm">
          <Stack gap={4}>
            {NAV_ITEMS.map((item) => {
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
      <Stack
        gap="xs"
        p="sm"
        align={collapsed ? 'center' : 'stretch'}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {onToggleCollapsed && (
          <Tooltip label={collapsed ? t('nav.expand') : t('nav.collapse')} position="right" withArrow disabled={!collapsed}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
              aria-expanded={!collapsed}
              data-testid="sidebar-toggle"
              style={collapsed ? undefined : { alignSelf: 'flex-end' }}
            >
              {collapsed ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        {collapsed ? (
          <Tooltip label={t('footer.copyright', { year })} position="right" withArrow>
            <Text size="xs" c="dimmed" aria-label={t('footer.copyright', { year })}>
              ©
            </Text>
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed" data-testid="sidebar-copyright">
            {t('footer.copyright', { year })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
