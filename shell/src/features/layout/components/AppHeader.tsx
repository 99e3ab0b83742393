import { Box, Burger, Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@citable/shared';
import { Logo } from './Logo';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';

export interface AppHeaderProps {
  /** mobile drawer state; the hamburger only shows when the page has a sidebar to open */
  navOpened?: boolean;
  onToggleNav?: () => void;
}

/** Header content (place it in a sticky bar / AppShell.Header). */
export function AppHeaderContent({ navOpened = false, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap">
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
        <Logo />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        {isLoggedIn ? (
          <>
            <NotificationsBell />
            <UserMenu />
          </>
        ) : (
          <>
            <Button component={Link} to="/auth" variant="subtle" size="sm" visibleFrom="xs">
              {t('header.login')}
            </Button>
            <Button component={Link} to="/auth" size="sm">
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
