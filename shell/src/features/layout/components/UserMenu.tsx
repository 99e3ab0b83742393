import { Avatar, Text, UnstyledButton } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Menu } from '@citable/mantine-bundled';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getAvatarUrl, getDisplayName, getUserInitials, useUser } from '@citable/shared';
import { useSignOut } from '../../../lib/auth/useSignOut';

export function UserAvatar({ size = 36 }: { size?: number }) {
  const user = useUser();
  const src = getAvatarUrl(user);
  const initials = getUserInitials(user);
  return (
    <Avatar src={src} alt={getDisplayName(user)} size={size} radius="xl" color="brand" data-testid="user-avatar">
      {initials}
    </Avatar>
  );
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useUser();
  const { signOut, isSigningOut } = useSignOut();
  const name = getDisplayName(user);
  // the initials the avatar shows start its name (WCAG 2.5.3: what is seen is what a voice user says)
  const initials = getUserInitials(user);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={initials ? t('header.userMenuOf', { initials }) : t('header.userMenu')}
          data-testid="user-menu"
          style={{ borderRadius: '50%', flexShrink: 0 }}
        >
          <UserAvatar />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label component="div" style={{ textTransform: 'none' }}>
          <Text size="sm" fw={600} c="bright" truncate="end" data-testid="user-menu-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" data-testid="user-menu-email">
            {user?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} disabled={isSigningOut} onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
