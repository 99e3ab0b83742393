import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { PasswordField } from '../../../components/PasswordField';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { checkPasswordsMatch, validateConfirmation, validateEmail, validatePassword } from '../../../lib/auth/validation';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import '../../../lib/auth/texts';

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const signUp = useAuthStore((s) => s.signUp);
  const [isBusy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      email: (value) => validateEmail(t, value),
      password: (value) => validatePassword(t, value),
      confirmPassword: (value) => validateConfirmation(t, value),
    },
  });

  const handleSubmit = form.onSubmit(async ({ fullName, email, password, confirmPassword }) => {
    if (!checkPasswordsMatch(t, { password, confirmPassword }, form.setFieldError)) return;
    setBusy(true);
    try {
      const { error } = await signUp(email, password, fullName);
      if (error) {
        showErrorToast(t('toast.signupError.title'), authErrorMessage(error, t));
        return;
      }
      showSuccessToast(t('toast.signupSuccess.title'), t('toast.signupSuccess.message'));
      form.reset();
      onSignedUp(email.trim());
    } catch (error) {
      showErrorToast(t('toast.signupError.title'), authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('tabs.signup')}>
      <Stack gap="md">
        <TextInput
          autoComplete="name"
          label={
            <>
              {t('fields.fullName')}{' '}
              <Text span c="dimmed" size="xs">
                ({t('fields.optional')})
              </Text>
            </>
          }
          placeholder={t('fields.fullNamePlaceholder')}
          key={form.key('fullName')}
          {...form.getInputProps('fullName')}
        />
        <TextInput
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordField
          autoComplete="new-password"
          label={t('fields.password')}
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          autoComplete="new-password"
          label={t('fields.confirmPassword')}
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth disabled={isBusy}>
          {isBusy ? t('actions.signingUp') : t('actions.signUp')}
        </Button>
      </Stack>
    </form>
  );
}
