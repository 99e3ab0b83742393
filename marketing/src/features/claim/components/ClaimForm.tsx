import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput } from '@citable/mantine-bundled';
import { useMarketingT } from '../../../lib/locale';
import { isValidEmail, normalizeWebsiteUrl } from '../../../lib/validation';
import type { ClaimInput } from '../api/claimFirstArticle';

export interface ClaimFormProps {
  /** resolves true when the claim succeeded (the form then resets); keyword only with withKeyword */
  onSubmit: (values: ClaimInput & { keyword?: string }) => Promise<boolean>;
  isLoading: boolean;
  submitLabel?: string;
  /** the hint under the e-mail field, when the page words it its own way (the solo author's "I") */
  emailHint?: string;
  /** an optional third field, the keyword the article should aim at (the paid discovery order) */
  withKeyword?: boolean;
  /**
   * The fields a refusal from the server is about (e.g. the e-mail already used): marked invalid
   * (the message is the refusal's alert, under the form) until the visitor edits them. A new object
   * for each refusal.
   */
  refused?: { fields: ReadonlyArray<'url' | 'email'> } | null;
}

type Field = 'url' | 'email' | 'keyword';
type Values = Record<Field, string>;
const EMPTY: Values = { url: '', email: '', keyword: '' };
/** The keyword's length at most (the server and the database check it again). */
export const MAX_KEYWORD_LENGTH = 200;

/**
 * Website URL + e-mail form used by the free-article dialog and the /first-article page.
 * Two fields (three with the keyword), validated on submit (and the URL on leaving it): plain React state rather than
 * @mantine/form, whose ~5 KB gzip would come with /first-article's first load (issue 19's budget).
 */
export function ClaimForm({ onSubmit, isLoading, submitLabel, emailHint, withKeyword = false, refused = null }: ClaimFormProps) {
  const { t } = useMarketingT();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // the fields the last refusal was about and the visitor has not edited since
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const [lastRefusal, setLastRefusal] = useState(refused);
  if (refused !== lastRefusal) {
    setLastRefusal(refused);
    setEdited(new Set());
  }
  const isRefused = (field: 'url' | 'email') => Boolean(refused?.fields.includes(field) && !edited.has(field));
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const errorOf = (field: Field, value: string): string | undefined => {
    if (field === 'url') return !value.trim() ? t('claim.urlRequired') : normalizeWebsiteUrl(value) ? undefined : t('claim.urlInvalid');
    if (field === 'keyword') return value.trim().length > MAX_KEYWORD_LENGTH ? t('checkout.keywordTooLong', { max: MAX_KEYWORD_LENGTH }) : undefined;
    return isValidEmail(value) ? undefined : t('claim.emailInvalid');
  };
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // an error goes as soon as the visitor edits the field
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (!edited.has(field)) setEdited((e) => new Set([...e, field]));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      url: errorOf('url', values.url),
      email: errorOf('email', values.email),
      keyword: withKeyword ? errorOf('keyword', values.keyword) : undefined,
    };
    setErrors(found);
    const firstInvalid = (['url', 'email', 'keyword'] as const).find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    const url = normalizeWebsiteUrl(values.url);
    if (!url) return;
    setValues((v) => ({ ...v, url }));
    const keyword = values.keyword.replace(/\s+/g, ' ').trim();
    const isDone = await onSubmit({ url, email: values.email.trim(), ...(withKeyword && keyword ? { keyword } : {}) });
    if (isDone) setValues(EMPTY);
  };
  /** A field's error: its own check's message, or marked (no text: the refusal says it) while refused. */
  const errorProps = (field: 'url' | 'email') =>
    errors[field] ? { error: errors[field] } : isRefused(field) ? { error: true } : {};

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
          {...errorProps('url')}
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
          {...errorProps('email')}
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        {withKeyword && (
          <TextInput
            ref={(el) => {
              inputs.current.keyword = el;
            }}
            label={t('checkout.keyword')}
            placeholder={t('checkout.keywordPlaceholder')}
            description={t('checkout.keywordHint')}
            autoComplete="off"
            maxLength={MAX_KEYWORD_LENGTH + 50}
            value={values.keyword}
            error={errors.keyword}
            onChange={(event) => change('keyword', event.currentTarget.value)}
          />
        )}
        <Button type="submit" size="md" disabled={isLoading}>
          {isLoading ? t('claim.submitting') : (submitLabel ?? t('claim.submit'))}
        </Button>
      </Stack>
    </form>
  );
}
