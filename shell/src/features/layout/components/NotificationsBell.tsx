import { ActionIcon, Stack, Text, ThemeIcon, Title } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Indicator, Popover } from '@citable/mantine-bundled';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** spec §9: the badge is hard-coded at 3 */
export const NOTIFICATION_BADGE_COUNT = 3;

export function NotificationsPanel() {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="sm" data-testid="notifications-panel">
      <Title order={2} fz="md">
        {t('notifications.title')}
      </Title>
      <Stack align="center" gap={6} py="lg">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconBellOff size={22} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{t('notifications.empty')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('notifications.emptyHint')}
        </Text>
      </Stack>
    </Stack>
  );
}

export function NotificationsBell() {
  const { t } = useTranslation('shell');
  return (
    <Popover width={300} position="bottom-end" shadow="md" withArrow radius="md">
      {/* the button is the popover's target (it gets aria-expanded), not the badge's wrapper */}
      <Indicator label={NOTIFICATION_BADGE_COUNT} size={18} color="red" offset={6} data-testid="notifications-badge">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${t('header.notifications')} (${t('header.notificationsCount', { count: NOTIFICATION_BADGE_COUNT })})`}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <NotificationsPanel />
      </Popover.Dropdown>
    </Popover>
  );
}
