import { useState } from 'react';
import { CloseButton, Group } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { AppShell, Drawer } from '@citable/mantine-bundled';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@citable/shared';
import { AppHeaderContent, HEADER_HEIGHT } from './AppHeader';
import { SkipLink, skipTargetProps } from '../../../components/SkipLink';
import { Logo } from './Logo';
import { Sidebar, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from './Sidebar';

/** "under 768px" (spec §2/§9); same breakpoint as the AppShell below */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Signed-in layout: sticky header, collapsible sidebar (240/70px), mobile overlay drawer, scrolling main. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const initialIsMobile =
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(MOBILE_QUERY).matches
      : false;
  const isMobile = useMediaQuery(MOBILE_QUERY, initialIsMobile, { getInitialValueInEffect: false }) ?? false;
  // the initial collapsed state comes from whether the viewport is mobile
  const [collapsed, setCollapsed] = useState(initialIsMobile);
  // the drawer belongs to the page it was opened on: navigating closes it
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpened = isMobile && drawerPath === pathname;
  const setDrawerOpened = (open: boolean) => setDrawerPath(open ? pathname : null);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED,
        breakpoint: MOBILE_BREAKPOINT_PX,
        collapsed: { mobile: true },
      }}
      padding={{ base: 'md', sm: 'lg' }}
      transitionDuration={150}
    >
      <SkipLink />
      <AppShell.Header data-testid="app-header">
        <AppHeaderContent navOpened={drawerOpened} onToggleNav={() => setDrawerOpened(!drawerOpened)} />
      </AppShell.Header>
      {/* on a phone the sidebar is off-screen (the drawer replaces it): inert, so its links take no focus */}
      <AppShell.Navbar inert={isMobile || undefined}>
        <Sidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened}
        onClose={() => setDrawerOpened(false)}
        size={SIDEBAR_WIDTH_EXPANDED}
        padding={0}
        withCloseButton={false}
        title={undefined}
        overlayProps={{ backgroundOpacity: 0.45, blur: 1 }}
        styles={{ body: { height: '100%' } }}
        data-testid="nav-drawer"
      >
        <Sidebar
          collapsed={false}
          onNavigate={() => setDrawerOpened(false)}
          header={
            <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap" style={{ flexShrink: 0, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Logo />
              <CloseButton onClick={() => setDrawerOpened(false)} aria-label={t('header.closeNavigation')} />
            </Group>
          }
        />
      </Drawer>
      <AppShell.Main {...skipTargetProps}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
