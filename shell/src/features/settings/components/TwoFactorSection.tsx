import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthStore, useUser, type TotpEnrollment } from '@citable/shared';
import { authErrorMessage } from '@citable/shared/auth-errors';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import '../texts';
import '../../../lib/auth/texts';

type Busy = null | 'starting' | 'confirming' | 'disabling';

/** Settings › two-factor authentication: turn a TOTP factor on (QR code + secret, first code) or off. */
export function TwoFactorSection() {
  const { t } = useTranslation('shell');
  const { t: tAuth } = useTranslation('auth');
  const user = useUser();
  const enrollTotp = useAuthStore((s) => s.enrollTotp);
  const confirmTotp = useAuthStore((s) => s.confirmTotp);
  const unenrollFactor = useAuthStore((s) => s.unenrollFactor);
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const active = (user?.factors ?? []).find((f) => f.factor_type === 'totp' && f.status === 'verified');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : t('settings.twoFactor.codeInvalid')) },
  });

  const fail = (error: unknown) => showErrorToast(t('settings.twoFactor.error'), authErrorMessage(error, tAuth));

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  const start = () =>
    run('starting', async () => {
      const { error, enrollment: next } = await enrollTotp();
      if (error || !next) {
        fail(error);
        return;
      }
      form.reset();
      setEnrollment(next);
    });

  const confirm = form.onSubmit(({ code }) =>
    run('confirming', async () => {
      if (!enrollment) return;
      const { error } = await confirmTotp(enrollment.factorId, code);
      if (error) {
        fail(error);
        form.setFieldValue('code', '');
        return;
      }
      setEnrollment(null);
      showSuccessToast(t('settings.twoFactor.enabled.title'), t('settings.twoFactor.enabled.message'));
    }),
  );

  const disable = () =>
    run('disabling', async () => {
      if (!active) return;
      const { error } = await unenrollFactor(active.id);
      if (error) {
        fail(error);
        return;
      }
      showSuccessToast(t('settings.twoFactor.disabled.title'), t('settings.twoFactor.disabled.message'));
    });

  if (active) {
    return (
      <Stack gap="sm" data-testid="two-factor-section">
        <Group gap="sm">
          <Badge color="teal" variant="light">
            {t('settings.twoFactor.on')}
          </Badge>
          <Text size="sm">{t('settings.twoFactor.statusOn')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button color="red" variant="light" px="sm" onClick={() => void disable()} disabled={busy !== null}>
            {busy === 'disabling' ? t('settings.twoFactor.disabling') : t('settings.twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (enrollment) {
    return (
      <form onSubmit={confirm} noValidate aria-label={t('settings.twoFactor.title')} data-testid="two-factor-section">
        <Stack gap="md">
          <Text size="sm">{t('settings.twoFactor.scan')}</Text>
          <img src={enrollment.qrCode} alt={t('settings.twoFactor.qrAlt')} width={180} height={180} style={{ alignSelf: 'center' }} />
          <div>
            <Text size="sm" fw={500} id="two-factor-secret-label">
              {t('settings.twoFactor.secret')}
            </Text>
            <Code block aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
              {enrollment.secret}
            </Code>
          </div>
          <TextInput
            label={t('settings.twoFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            withAsterisk
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnrollment(null)} disabled={busy !== null}>
              {t('settings.twoFactor.cancel')}
            </Button>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'confirming' ? t('settings.twoFactor.confirming') : t('settings.twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="sm" data-testid="two-factor-section">
      <Group gap="sm">
        <Badge color="gray" variant="light">
          {t('settings.twoFactor.off')}
        </Badge>
        <Text size="sm">{t('settings.twoFactor.statusOff')}</Text>
      </Group>
      <Group justify="flex-end">
        {/* (the French label is long: narrower side padding keeps it whole on a 320–375 px phone) */}
        <Button px="sm" onClick={() => void start()} disabled={busy !== null}>
          {busy === 'starting' ? t('settings.twoFactor.starting') : t('settings.twoFactor.enable')}
        </Button>
      </Group>
    </Stack>
  );
}
