import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { showErrorToast } from '../../../lib/toasts';
import '../../../lib/auth/texts';

/**
 * The second step of a sign-in when the user has turned two-factor authentication on: the 6-digit
 * code of their authenticator app. Once verified (MFA_CHALLENGE_VERIFIED) the session is aal2 and
 * the guest-only /auth route sends the user on.
 */
export function MfaChallengeForm() {
  const { t } = useTranslation('auth');
  const verify = useAuthStore((s) => s.verifySecondFactor);
  const signOut = useAuthStore((s) => s.signOut);
  const [isBusy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : t('validation.codeInvalid')) },
  });

  const handleSubmit = form.onSubmit(async ({ code }) => {
    setBusy(true);
    try {
      const { error } = await verify(code);
      if (error) {
        showErrorToast(t('toast.mfaError.title'), authErrorMessage(error, t));
        form.setFieldValue('code', '');
      }
    } catch (error) {
      showErrorToast(t('toast.mfaError.title'), authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('mfa.title')}>
      <Stack gap="md">
        <Text size="sm">{t('mfa.description')}</Text>
        <TextInput
          label={t('mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth disabled={isBusy}>
          {isBusy ? t('mfa.verifying') : t('mfa.verify')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
            {t('mfa.useAnotherAccount')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
