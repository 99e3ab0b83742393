import { Anchor, Avatar, Card, Stack, Text, Title } from '@mantine/core';
import { Flex } from '@citable/mantine-bundled';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getAvatarUrl, getDisplayName, getUserInitials, useUser } from '@citable/shared';
import { LinkedInConnect } from './LinkedInConnect';
import '../texts';

export function ProfilePage() {
  const { t, i18n } = useTranslation('shell');
  const user = useUser();
  if (!user) return null;
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const fullName = typeof meta.full_name === 'string' ? meta.full_name.trim() : '';
  const since = user.created_at
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'fr', { dateStyle: 'long' }).format(new Date(user.created_at))
    : null;

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.subtitle')}</Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <Flex gap="lg" direction={{ base: 'column', xs: 'row' }} align={{ base: 'flex-start', xs: 'center' }}>
          <Avatar
            src={getAvatarUrl(user)}
            alt={getDisplayName(user)}
            size={80}
            radius={80}
            color="brand"
            data-testid="profile-avatar"
          >
            {getUserInitials(user)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0, maxWidth: '100%' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('profile.displayName')}
            </Text>
            <Text fw={700} fz="xl" truncate="end" data-testid="profile-name">
              {fullName || <Text span c="dimmed" fs="italic">{t('profile.noName')}</Text>}
            </Text>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt={6}>
              {t('profile.email')}
            </Text>
            <Text style={{ overflowWrap: 'anywhere' }} data-testid="profile-email">
              {user.email}
            </Text>
            {since && (
              <Text size="sm" c="dimmed" mt={6}>
                {t('profile.memberSince', { date: since })}
              </Text>
            )}
            <Anchor component={Link} to="/settings" size="sm" mt={4}>
              {t('profile.editInSettings')}
            </Anchor>
          </Stack>
        </Flex>
      </Card>
      <LinkedInConnect userId={user.id} />
    </Stack>
  );
}
