import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore, useUser } from '@citable/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { UpdatePasswordForm } from '../../../components/UpdatePasswordForm';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { TwoFactorSection } from './TwoFactorSection';
import { NotificationEmailsSwitch } from './NotificationEmailsSwitch';
import '../texts';
import '../../../lib/auth/texts';

function DisplayNameForm() {
  const { t } = useTranslation('shell');
  const { t: tAuth } = useTranslation('auth');
  const user = useUser();
  const updateProfile = useAuthStore((s) => s.updateProfile);
  const [isBusy, setBusy] = useState(false);
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { fullName: typeof meta.full_name === 'string' ? meta.full_name : '' },
  });

  const handleSubmit = form.onSubmit(async ({ fullName }) => {
    setBusy(true);
    try {
      const { error } = await updateProfile({ full_name: fullName.trim() });
      if (error) {
        showErrorToast(t('settings.account.saveError'), authErrorMessage(error, tAuth));
        return;
      }
      showSuccessToast(t('settings.account.saved'), t('settings.account.savedMessage'));
      form.resetDirty();
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('settings.account.title')}>
      <Stack gap="md">
        <TextInput
          label={t('settings.account.displayName')}
          description={t('settings.account.displayNameHint')}
          autoComplete="name"
          maxLength={120}
          key={form.key('fullName')}
          {...form.getInputProps('fullName')}
        />
        <TextInput label={t('settings.account.email')} value={user?.email ?? ''} readOnly variant="filled" />
        <Group justify="flex-end">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? t('settings.account.saving') : t('settings.account.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('settings.title')}
        </Title>
        <Text c="dimmed">{t('settings.subtitle')}</Text>
      </div>
      <Section title={t('settings.account.title')}>
        <DisplayNameForm />
      </Section>
      <Section title={t('settings.language.title')} description={t('settings.language.description')}>
        <div>
          <LanguageSwitch size="sm" name="language-settings" />
        </div>
      </Section>
      <Section title={t('settings.notifications.title')} description={t('settings.notifications.description')}>
        <NotificationEmailsSwitch />
      </Section>
      <Section title={t('settings.security.title')} description={t('settings.security.description')}>
        <UpdatePasswordForm onUpdated={() => undefined} submitLabel={t('settings.security.submit')} />
      </Section>
      <Section title={t('settings.twoFactor.title')} description={t('settings.twoFactor.description')}>
        <TwoFactorSection />
      </Section>
    </Stack>
  );
}
