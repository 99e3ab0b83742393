import { useState } from 'react';
import { Alert, Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { PasswordInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@citable/shared';
import { FullPageLoader } from './FullPageLoader';
import { checkPasswordsMatch, validateConfirmation, validatePassword } from '../../../lib/auth/validation';
import { serverMessage, showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { DEFAULT_SIGNED_IN_PATH } from '../utils/redirect';

/** Form shared by /auth/update-password and the settings page. */
export function UpdatePasswordForm({ onUpdated, submitLabel }: { onUpdated: () => void; submitLabel?: string }) {
  const { t } = useTranslation('auth');
  const updatePassword = useAuthStore((s) => s.updatePassword);
  const [isBusy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => validatePassword(t, value),
      confirmPassword: (value) => validateConfirmation(t, value),
    },
  });

  const handleSubmit = form.onSubmit(async ({ password, confirmPassword }) => {
    if (!checkPasswordsMatch(t, { password, confirmPassword }, form.setFieldError)) return;
    setBusy(true);
    try {
      const { error } = await updatePassword(password);
      if (error) {
        showErrorToast(t('toast.updateError.title'), serverMessage(error, t('toast.unknownError')));
        return;
      }
      showSuccessToast(t('toast.updateSuccess.title'), t('toast.updateSuccess.message'));
      form.reset();
      onUpdated();
    } catch (error) {
      showErrorToast(t('toast.updateError.title'), serverMessage(error as Error, t('toast.unknownError')));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('update.title')}>
      <Stack gap="md">
        <PasswordInput
          autoComplete="new-password"
          label={t('fields.newPassword')}
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          autoComplete="new-password"
          label={t('fields.confirmNewPassword')}
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth disabled={isBusy}>
          {isBusy ? t('actions.updating') : (submitLabel ?? t('actions.updatePassword'))}
        </Button>
      </Stack>
    </form>
  );
}

/** /auth/update-password, reached from the reset e-mail (recovery session in the URL fragment). */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loading = useAuthStore((s) => s.loading);
  const hasSession = useAuthStore((s) => Boolean(s.session?.user));

  if (loading) return <FullPageLoader />;

  return (
    <Center px="md" py={{ base: 'xl', sm: 64 }}>
      <Card withBorder shadow="sm" radius="lg" padding="xl" w="100%" maw={440}>
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} fz={{ base: 24, sm: 26 }}>
            {t('update.title')}
          </Title>
          {hasSession && (
            <Text c="dimmed" size="sm">
              {t('update.description')}
            </Text>
          )}
        </Stack>
        {hasSession ? (
          <UpdatePasswordForm onUpdated={() => navigate(DEFAULT_SIGNED_IN_PATH, { replace: true })} />
        ) : (
          <Stack gap="md">
            <Alert color="orange" title={t('update.invalidLinkTitle')}>
              {t('update.invalidLink')}
            </Alert>
            <Center>
              <Anchor component={Link} to="/auth" state={{ mode: 'reset' }} size="sm">
                {t('actions.requestNewLink')}
              </Anchor>
            </Center>
          </Stack>
        )}
      </Card>
    </Center>
  );
}
