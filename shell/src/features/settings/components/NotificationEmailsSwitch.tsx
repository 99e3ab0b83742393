import { Button, Group, Loader, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Switch } from '@citable/mantine-bundled';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage } from '@citable/shared/data';
import { QueryProvider } from '@citable/shared/query';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useNotificationEmails, useSetNotificationEmails } from '../../../lib/notifications/api';

function EmailsSwitch() {
  const { t } = useTranslation('shell');
  const setting = useNotificationEmails();
  const save = useSetNotificationEmails();
  if (setting.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('settings.notifications.emails')}
        </Text>
      </Group>
    );
  }
  if (setting.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm" c="red.8">
          {t('settings.notifications.loadError')}
        </Text>
        <Button variant="light" size="xs" onClick={() => void setting.refetch()}>
          {t('settings.notifications.retry')}
        </Button>
      </Stack>
    );
  }
  // while saving, the switch shows the value asked for
  const checked = save.isPending && save.variables !== undefined ? save.variables : setting.data;
  return (
    <Switch
      checked={checked}
      disabled={save.isPending}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        save.mutate(on, {
          onSuccess: () => showSuccessToast(t('settings.notifications.saved'), t(on ? 'settings.notifications.savedOn' : 'settings.notifications.savedOff')),
          onError: (error) => showErrorToast(t('settings.notifications.saveError'), dataErrorMessage(error)),
        });
      }}
      label={t('settings.notifications.emails')}
      description={t('settings.notifications.emailsHint')}
      data-testid="notification-emails-switch"
    />
  );
}

/** /settings: whether client decisions are also mailed (user_settings.notification_emails). */
export function NotificationEmailsSwitch() {
  return (
    <QueryProvider>
      <EmailsSwitch />
    </QueryProvider>
  );
}
