import { useState, type ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Stack, Text, ThemeIcon, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Indicator, Popover, ScrollArea } from '@citable/mantine-bundled';
import {
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconCircleCheck,
  IconCoin,
  IconFileCheck,
  IconInbox,
  IconMail,
  IconMailOff,
  IconMessageCircle,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '@citable/shared';
import { QueryProvider } from '@citable/shared/query';
import { paths } from '../../../config/paths';
import { showErrorToast } from '../../../lib/toasts';
import {
  useMarkNotificationsRead,
  useNotifications,
  type Notification,
  type NotificationKind,
} from '../../../lib/notifications/api';
import '../../../lib/notifications/texts';

const KIND_ICON: Record<NotificationKind, { icon: Icon; color: string }> = {
  client_approved: { icon: IconCircleCheck, color: 'teal' },
  client_revision: { icon: IconMessageCircle, color: 'orange' },
  version_ready: { icon: IconFileCheck, color: 'blue' },
  action_failed: { icon: IconAlertTriangle, color: 'red' },
  send_failed: { icon: IconMailOff, color: 'red' },
  new_request: { icon: IconInbox, color: 'violet' },
  new_message: { icon: IconMail, color: 'violet' },
  visibility_budget: { icon: IconCoin, color: 'orange' },
};

/**
 * A title that is a web address (a first-article request's site) shown as its host, without "https://www."
 * (audit L4): "fournil.fr", the full address in the tooltip. Any other title as it is.
 */
export function shortTitle(title: string): string {
  if (!/^https?:\/\//i.test(title.trim())) return title;
  try {
    return new URL(title.trim()).hostname.replace(/^www\./i, '');
  } catch {
    return title;
  }
}

/** The badge's text: the count, "9+" above nine. */
export const badgeLabel = (unread: number) => (unread > 9 ? '9+' : String(unread));

const PAGE_KINDS: readonly string[] = ['client_approved', 'client_revision', 'version_ready', 'action_failed', 'send_failed'];

/**
 * Where a notification leads: the page's versions (a decision, a ready article, a failed send), the
 * page (a failed action), the inbox (staff); null when its page was deleted.
 */
export function notificationLink(n: Pick<Notification, 'kind' | 'site' | 'page'>): string | null {
  if (n.kind === 'new_request' || n.kind === 'new_message') return paths.inbox;
  if (n.page === null || n.site === null) return null;
  const page = `/sites/${n.site}/pages/${n.page}`;
  return n.kind === 'action_failed' ? page : `${page}/page-versions`;
}

/**
 * "à l’instant", "il y a 5 minutes", "hier"… in the interface's language. Under a minute: "à l’instant" /
 * "just now", the wording of the Articles and Inbox lists (audit L3; Intl says "maintenant").
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return i18n.t('bell.justNow', { ns: 'shell' });
  const format = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return unit === 'second' ? format.format(0, 'second') : format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('shell');
  const kind = (KIND_ICON[n.kind as NotificationKind] ? n.kind : 'version_ready') as NotificationKind;
  const { icon: KindIcon, color } = KIND_ICON[kind];
  const link = notificationLink(n);
  const unread = n.read_at === null;
  const pageGone = link === null && PAGE_KINDS.includes(n.kind);
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={32} radius="xl" variant="light" color={color} aria-hidden>
        <KindIcon size={18} stroke={1.7} />
      </ThemeIcon>
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" fw={unread ? 700 : 500} lh={1.3}>
            {unread && <VisuallyHidden>{`${t('bell.unread')}, `}</VisuallyHidden>}
            {t(`bell.kinds.${kind}`)}
          </Text>
          {unread && <Box component="span" w={8} h={8} mt={6} bg="brand.6" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />}
        </Group>
        {n.title && (
          <Text size="sm" lh={1.35} lineClamp={1} style={{ overflowWrap: 'anywhere' }} title={shortTitle(n.title) === n.title ? undefined : n.title} data-testid="notification-title">
            {shortTitle(n.title)}
          </Text>
        )}
        {n.body && (
          <Text size="xs" c="dimmed" lineClamp={2} lh={1.4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {n.body}
          </Text>
        )}
        <Group gap={6} mt={2}>
          <Text size="xs" c="dimmed" component="time" dateTime={n.created_at}>
            {relativeTime(n.created_at)}
          </Text>
          {pageGone && (
            <Text size="xs" c="red.8" fw={500}>
              · {t('bell.pageDeleted')}
            </Text>
          )}
        </Group>
      </Box>
    </Group>
  );
  const style = {
    display: 'block',
    width: '100%',
    padding: '10px 12px',
    borderRadius: 8,
    // a faint tint: the dot and the bold kind say "unread", three unread rows are not one blue block (audit L4)
    background: unread ? 'var(--mantine-color-gray-0)' : undefined,
  };
  return (
    <li data-testid="notification-item" data-kind={n.kind} data-unread={unread ? 'true' : 'false'}>
      {link ? (
        <UnstyledButton component={Link} to={link} onClick={() => onOpen(n)} style={style} className="cz-notification">
          {content}
        </UnstyledButton>
      ) : (
        // nowhere to go (the page was deleted): opening it only marks it read
        <UnstyledButton onClick={() => onOpen(n)} style={style} className="cz-notification">
          {content}
        </UnstyledButton>
      )}
    </li>
  );
}

function PanelState({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="lg" px="md">
      {icon}
      <Text fw={600} ta="center">
        {title}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}

export function NotificationsPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { data, isPending, isError, refetch, isRefetching } = useNotifications();
  const mark = useMarkNotificationsRead();
  const markRead = (ids: number[] | null) =>
    mark.mutate(ids, { onError: () => showErrorToast(t('notifications.title'), t('bell.markError')) });
  const open = (n: Notification) => {
    if (n.read_at === null) markRead([n.id]);
    if (notificationLink(n)) onNavigate?.();
  };
  const unread = data?.unread ?? 0;
  return (
    <Stack gap={0} data-testid="notifications-panel">
      <Group justify="space-between" wrap="nowrap" px="md" pt="sm" pb={6} gap="xs">
        <Title order={2} fz="md">
          {t('notifications.title')}
        </Title>
        {data && data.latest.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => markRead(null)}
            disabled={unread === 0 || mark.isPending}
            style={{ flexShrink: 0 }}
          >
            {t('bell.markAllRead')}
          </Button>
        )}
      </Group>
      {isPending ? (
        <Group justify="center" gap="xs" py="lg" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('bell.loading')}
          </Text>
        </Group>
      ) : isError && !data ? (
        <PanelState
          icon={
            <ThemeIcon size={44} radius="xl" variant="light" color="red">
              <IconAlertTriangle size={22} stroke={1.6} />
            </ThemeIcon>
          }
          title={t('bell.loadError')}
        >
          <Button variant="light" size="xs" onClick={() => void refetch()} loading={isRefetching}>
            {t('bell.retry')}
          </Button>
        </PanelState>
      ) : data.latest.length === 0 ? (
        <PanelState
          icon={
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconBellOff size={22} stroke={1.6} />
            </ThemeIcon>
          }
          title={t('notifications.empty')}
          hint={t('notifications.emptyHint')}
        />
      ) : (
        <ScrollArea.Autosize mah="min(460px, calc(100dvh - 140px))" type="auto" offsetScrollbars>
          <Box component="ul" aria-label={t('bell.listLabel')} m={0} p={6} pt={0} style={{ listStyle: 'none', display: 'grid', gap: 4 }}>
            {data.latest.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={open} />
            ))}
          </Box>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function Bell() {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState(false);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const count = unread > 0 ? t('bell.unreadCount', { count: unread }) : t('bell.noUnread');
  return (
    <Popover opened={opened} onChange={setOpened} width={380} position="bottom-end" shadow="md" withArrow radius="md" trapFocus returnFocus>
      {/* the button is the popover's target (it gets aria-expanded), not the badge's wrapper */}
      <Indicator label={badgeLabel(unread)} disabled={unread === 0} size={18} color="red" offset={6} data-testid="notifications-badge">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${t('header.notifications')} (${count})`}
            onClick={() => setOpened((o) => !o)}
            data-testid="notifications-bell"
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <NotificationsPanel onNavigate={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header's bell: the unread count, and the latest notifications in a popover. */
export function NotificationsBell() {
  return (
    <QueryProvider>
      <Bell />
    </QueryProvider>
  );
}
