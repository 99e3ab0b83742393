import { lazy, Suspense } from 'react';
import { Box, Burger, Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@citable/shared';
import { STATUS_PAGES } from '../../../config/paths';
import { Logo } from './Logo';
import { LanguageSwitch } from '../../../components/LanguageSwitch';

// The bell and the avatar menu (Popover, Menu) are only for signed-in users: their code is
// downloaded when a session exists, not with every public page.
const SignedInActions = lazy(async () => ({ default: (await import('./SignedInActions')).SignedInActions }));

/** Same footprint as the bell and the avatar, so the header does not shift when they arrive. */
function SignedInActionsPlaceholder() {
  return <Box w={78} h={36} aria-hidden />;
}

export interface AppHeaderProps {
  /** mobile drawer state; the hamburger only shows when the page has a sidebar to open */
  navOpened?: boolean;
  onToggleNav?: () => void;
}

/** Header content (place it in a sticky bar / AppShell.Header). */
export function AppHeaderContent({ navOpened = false, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const isLoggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  // no sign-in buttons where the site is closed, nor on the sign-in page itself
  const hideAuthButtons = STATUS_PAGES.includes(path) || path === '/auth' || path.startsWith('/auth/');
  return (
    <Group h="100%" px={{ base: 'xs', xs: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      {/* the left part gives way (minWidth 0), the right one never: the avatar stays whole on a phone */}
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {isLoggedIn && onToggleNav && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={navOpened ? t('header.closeNavigation') : t('header.openNavigation')}
            data-testid="nav-burger"
          />
        )}
        {/* on a phone the sign-in buttons, or the bell and the avatar, need the tagline's room */}
        <Logo compact />
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {/* the current language stays visible at every width */}
        <LanguageSwitch />
        {isLoggedIn ? (
          <Suspense fallback={<SignedInActionsPlaceholder />}>
            <SignedInActions />
          </Suspense>
        ) : hideAuthButtons ? null : (
          <>
            {/* both lead to /auth: on a phone one button is enough, and the name and language keep their room */}
            <Button component={Link} to="/auth" variant="subtle" size="sm" px={{ base: 8, xs: 'md' }} fz={{ base: 'xs', xs: 'sm' }}>
              {t('header.login')}
            </Button>
            <Button component={Link} to="/auth" size="sm" px="md" visibleFrom="xs">
              {t('header.getStarted')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}

export const HEADER_HEIGHT = 64;

/** Sticky header for pages without the AppShell (public layout). */
export function AppHeader(props: AppHeaderProps) {
  return (
    <Box
      component="header"
      h={HEADER_HEIGHT}
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="app-header"
    >
      <AppHeaderContent {...props} />
    </Box>
  );
}
