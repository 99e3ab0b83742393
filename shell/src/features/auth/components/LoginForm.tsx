import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { PasswordField } from '../../../components/PasswordField';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { validateEmail, validatePassword } from '../../../lib/auth/validation';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { afterSignInPath } from '../utils/redirect';
import '../../../lib/auth/texts';

export function LoginForm({ onForgotPassword, initialEmail = '' }: { onForgotPassword: () => void; initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const signIn = useAuthStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [isBusy, setBusy] = useState(false);
  /** the address of a sign-in refused with email_not_confirmed: offer a new confirmation e-mail */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: (value) => validateEmail(t, value),
      password: (value) => validatePassword(t, value),
    },
  });

  const handleSubmit = form.onSubmit(async ({ email, password }) => {
    setBusy(true);
    setUnconfirmed(null);
    try {
      const { error } = await signIn(email, password);
      if (error) {
        showErrorToast(t('toast.loginError.title'), authErrorMessage(error, t));
        if (error.code === 'email_not_confirmed') setUnconfirmed(email.trim());
        return;
      }
      // with a second factor the /auth page asks for the code first
      if (useAuthStore.getState().mfaRequired) return;
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
        {unconfirmed && <ResendConfirmation email={unconfirmed} />}
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
        <Button type="submit" size="md" fullWidth disabled={isBusy}>
          {isBusy ? t('actions.signingIn') : t('actions.signIn')}
        </Button>
      </Stack>
    </form>
  );
}

/** Shown when a sign-in fails with email_not_confirmed: sends the confirmation e-mail again (POST /resend). */
function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resendConfirmation = useAuthStore((s) => s.resendConfirmation);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const resend = async () => {
    setState('sending');
    try {
      const { error } = await resendConfirmation(email);
      if (error) {
        setState('idle');
        showErrorToast(t('toast.resendError.title'), authErrorMessage(error, t));
        return;
      }
      setState('sent');
      showSuccessToast(t('toast.resendSuccess.title'), t('toast.resendSuccess.message'));
    } catch (error) {
      setState('idle');
      showErrorToast(t('toast.resendError.title'), authErrorMessage(error, t));
    }
  };

  return (
    <Alert
      color={state === 'sent' ? 'teal' : 'yellow'}
      title={state === 'sent' ? t('toast.resendSuccess.title') : t('notConfirmed.title')}
      role="status"
      // the light variant's coloured title is too pale on its tint (WCAG AA contrast)
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{state === 'sent' ? t('toast.resendSuccess.message') : t('notConfirmed.message')}</Text>
        {state !== 'sent' && (
          <Group>
            <Button type="button" size="xs" variant="light" color="yellow.9" onClick={() => void resend()} disabled={state === 'sending'}>
              {state === 'sending' ? t('actions.resending') : t('actions.resendConfirmation')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
