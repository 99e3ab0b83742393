import { Button, Stack } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useMarketingT } from '../../../lib/locale';
import { isValidEmail, normalizeWebsiteUrl } from '../../../lib/validation';
import type { ClaimInput } from '../api/claimFirstArticle';

export interface ClaimFormProps {
  /** resolves true when the claim succeeded (the form then resets) */
  onSubmit: (values: ClaimInput) => Promise<boolean>;
  isLoading: boolean;
  submitLabel?: string;
  /** the hint under the e-mail field, when the page words it its own way (the solo author's "I") */
  emailHint?: string;
}

/** Website URL + e-mail form used by the free-article dialog and the /first-article page. */
export function ClaimForm({ onSubmit, isLoading, submitLabel, emailHint }: ClaimFormProps) {
  const { t } = useMarketingT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { url: '', email: '' },
    validate: {
      url: (value) => (!value.trim() ? t('claim.urlRequired') : normalizeWebsiteUrl(value) ? null : t('claim.urlInvalid')),
      email: (value) => (isValidEmail(value) ? null : t('claim.emailInvalid')),
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const url = normalizeWebsiteUrl(values.url);
    if (!url) return;
    form.setFieldValue('url', url);
    const isDone = await onSubmit({ url, email: values.email.trim() });
    if (isDone) form.reset();
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('claim.url')}
          placeholder={t('claim.urlPlaceholder')}
          inputMode="url"
          autoComplete="url"
          withAsterisk
          {...form.getInputProps('url')}
          onBlur={(event) => {
            const normalized = normalizeWebsiteUrl(event.currentTarget.value);
            if (normalized) form.setFieldValue('url', normalized);
            if (event.currentTarget.value.trim()) form.validateField('url');
          }}
        />
        <TextInput
          label={t('claim.email')}
          placeholder={t('claim.emailPlaceholder')}
          description={emailHint ?? t('claim.emailHint')}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" disabled={isLoading}>
          {isLoading ? t('claim.submitting') : (submitLabel ?? t('claim.submit'))}
        </Button>
      </Stack>
    </form>
  );
}
