import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
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

type Field = 'url' | 'email';
type Values = Record<Field, string>;
const EMPTY: Values = { url: '', email: '' };

/**
 * Website URL + e-mail form used by the free-article dialog and the /first-article page.
 * Two fields, validated on submit (and the URL on leaving it): plain React state rather than
 * @mantine/form, whose ~5 KB gzip would come with /first-article's first load (issue 19's budget).
 */
export function ClaimForm({ onSubmit, isLoading, submitLabel, emailHint }: ClaimFormProps) {
  const { t } = useMarketingT();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const errorOf = (field: Field, value: string): string | undefined => {
    if (field === 'url') return !value.trim() ? t('claim.urlRequired') : normalizeWebsiteUrl(value) ? undefined : t('claim.urlInvalid');
    return isValidEmail(value) ? undefined : t('claim.emailInvalid');
  };
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // an error goes as soon as the visitor edits the field
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { url: errorOf('url', values.url), email: errorOf('email', values.email) };
    setErrors(found);
    const firstInvalid = (['url', 'email'] as const).find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    const url = normalizeWebsiteUrl(values.url);
    if (!url) return;
    setValues((v) => ({ ...v, url }));
    const isDone = await onSubmit({ url, email: values.email.trim() });
    if (isDone) setValues(EMPTY);
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          ref={(el) => {
            inputs.current.url = el;
          }}
          label={t('claim.url')}
          placeholder={t('claim.urlPlaceholder')}
          inputMode="url"
          autoComplete="url"
          withAsterisk
          value={values.url}
          error={errors.url}
          onChange={(event) => change('url', event.currentTarget.value)}
          onBlur={(event) => {
            const { value } = event.currentTarget;
            const normalized = normalizeWebsiteUrl(value);
            if (normalized) setValues((v) => ({ ...v, url: normalized }));
            if (value.trim()) setErrors((e) => ({ ...e, url: errorOf('url', value) }));
          }}
        />
        <TextInput
          ref={(el) => {
            inputs.current.email = el;
          }}
          label={t('claim.email')}
          placeholder={t('claim.emailPlaceholder')}
          description={emailHint ?? t('claim.emailHint')}
          type="email"
          autoComplete="email"
          withAsterisk
          value={values.email}
          error={errors.email}
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        <Button type="submit" size="md" disabled={isLoading}>
          {isLoading ? t('claim.submitting') : (submitLabel ?? t('claim.submit'))}
        </Button>
      </Stack>
    </form>
  );
}
