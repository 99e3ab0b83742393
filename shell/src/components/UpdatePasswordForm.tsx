import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
// bundled with the lazy chunks that use it, not served by the federated facade (scripts/webpack/vendor/README.md)
import { PasswordField } from './PasswordField';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@citable/shared';
import { checkPasswordsMatch, validateConfirmation, validatePassword } from '../lib/auth/validation';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { showErrorToast, showSuccessToast } from '../lib/toasts';
import '../lib/auth/texts';

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
        showErrorToast(t('toast.updateError.title'), authErrorMessage(error, t));
        return;
      }
      showSuccessToast(t('toast.updateSuccess.title'), t('toast.updateSuccess.message'));
      form.reset();
      onUpdated();
    } catch (error) {
      showErrorToast(t('toast.updateError.title'), authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('update.title')}>
      <Stack gap="md">
        <PasswordField
          autoComplete="new-password"
          label={t('fields.newPassword')}
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
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
