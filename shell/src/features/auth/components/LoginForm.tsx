import { useState } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { PasswordInput, TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { validateEmail, validatePassword } from '../../../lib/auth/validation';
import { showErrorToast } from '../../../lib/toasts';
import { afterSignInPath } from '../utils/redirect';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation('auth');
  const signIn = useAuthStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [isBusy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => validateEmail(t, value),
      password: (value) => validatePassword(t, value),
    },
  });

  const handleSubmit = form.onSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      const { error } = await signIn(email, password);
      if (error) {
        showErrorToast(t('toast.loginError.title'), authErrorMessage(error, t));
        return;
      }
      navigate(afterSignInPath(location.state), { replace: true });
    } catch (error) {
      showErrorToast(t('toast.loginError.title'), authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('tabs.login')}>
      <Stack gap="md">
        <TextInput
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          autoComplete="current-password"
          label={t('fields.password')}
          placeholder={t('fields.passwordPlaceholder')}
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('actions.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={isBusy}>
          {isBusy ? t('actions.signingIn') : t('actions.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
