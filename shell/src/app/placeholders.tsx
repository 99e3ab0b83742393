/**
 * Temporary screens of the shell's own routes (/auth, /auth/update-password, /profile,
 * /settings) and a minimal layout with the header, until the auth engineer's
 * shell/src/features/** replace them in routes.tsx. Each is clearly labelled as a placeholder.
 */
import { Anchor, AppShell, Badge, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PlaceholderScreen, i18n, currentLanguage, type Language } from '@citable/shared';
import { paths } from '../config/paths';

export function LanguageSwitch() {
  const { t } = useTranslation('platform');
  const lng = currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={lng}
      onChange={(value) => void i18n.changeLanguage(value as Language)}
      data={[
        { value: 'fr', label: 'FR' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}

/** Minimal header + main area (placeholder of the real layout). */
export function PlaceholderLayout() {
  const { t } = useTranslation('platform');
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header data-testid="shell-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit" aria-label={t('appName')}>
            <Group gap="xs" wrap="nowrap">
              <Badge size="xl" radius="sm" variant="filled" aria-hidden>
                C
              </Badge>
              <div>
                <Text fw={700} lh={1.1}>
                  {t('appName')}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1} visibleFrom="xs">
                  {t('tagline')}
                </Text>
              </div>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Button component={Link} to={paths.auth} variant="subtle" visibleFrom="xs">
              Connexion
            </Button>
            <Button component={Link} to={paths.auth}>
              Commencer
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Placeholder of a shell-owned screen. */
export function ShellPlaceholder({ screen }: { screen: string }) {
  const location = useLocation();
  return <PlaceholderScreen screen={screen} path={location.pathname} />;
}
