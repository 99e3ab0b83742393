import { useState } from 'react';
import { Anchor, Button, Center, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { validateEmail } from '../../../lib/auth/validation';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import '../../../lib/auth/texts';

export function ResetRequestForm({ onBack, onSent }: { onBack: () => void; onSent: () => void }) {
  const { t } = useTranslation('auth');
  const resetPassword = useAuthStore((s) => s.resetPassword);
  const [isBusy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (value) => validateEmail(t, value) },
  });

  const handleSubmit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const { error } = await resetPassword(email);
      if (error) {
        showErrorToast(t('toast.resetError.title'), authErrorMessage(error, t));
        return;
      }
      showSuccessToast(t('toast.resetSuccess.title'), t('toast.resetSuccess.message'));
      onSent();
    } catch (error) {
      showErrorToast(t('toast.resetError.title'), authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('reset.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reset.description')}
        </Text>
        <TextInput
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          withAsterisk
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth disabled={isBusy}>
          {isBusy ? t('actions.sending') : t('actions.sendResetLink')}
        </Button>
        <Center>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('actions.backToLogin')}
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
