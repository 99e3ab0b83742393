import { showToast } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { TextInput, Textarea } from '@citable/mantine-bundled';
import { useForm } from '@mantine/form';
import { useMarketingT } from '../../../lib/locale';
import { isValidEmail } from '../../../lib/validation';
import type { Voice } from '../../../content/types';
import { submitContactMessage, type ContactMessageInput } from '../api/submitContactMessage';

export interface ContactFormProps {
  /** where to write when the backend fails */
  contactEmail: string;
  /** the page's voice: the solo author's pages say "tell me", not "tell us" */
  voice?: Voice;
  /** injectable for tests; defaults to the RPC call */
  onSubmitMessage?: (values: ContactMessageInput) => Promise<void>;
}

/** Fields the server checks again; a refusal names the field in the error's hint. */
const FIELDS = ['name', 'email', 'message'] as const;

/** Contact form (docs/public-site.md#screens, docs/public-site.md#states, docs/public-site.md#validation, docs/public-site.md#errors): idle → sending → success (reset) or failure (values kept). */
export function ContactForm({ contactEmail, voice = 'team', onSubmitMessage = submitContactMessage }: ContactFormProps) {
  const { t } = useMarketingT();
  const isSolo = voice === 'solo';
  const [isSending, setIsSending] = useState(false);
  const form = useForm<ContactMessageInput>({
    mode: 'controlled',
    initialValues: { name: '', email: '', message: '' },
    validate: {
      name: (value) => (value.trim().length >= 2 ? null : t('contact.nameError')),
      email: (value) => (isValidEmail(value) ? null : t('contact.emailError')),
      message: (value) => (value.trim().length >= 10 ? null : t('contact.messageError')),
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setIsSending(true);
    try {
      await onSubmitMessage(values);
      showToast({ color: 'teal', title: t('contact.successTitle'), message: t('contact.successText') });
      form.reset();
    } catch (error) {
      console.error('[marketing] contact message failed', error);
      // the spec's text (with the address to write to), unless the error tells the visitor what to do
      const { kind, hint } = toDataError(error);
      const field = kind === 'invalid' ? FIELDS.find((name) => name === hint) : undefined;
      const fieldText = field && t(`contact.${field}Error`);
      if (field && fieldText) form.setFieldError(field, fieldText);
      const message =
        fieldText ||
        (kind === 'network' || kind === 'rate_limited' ? dataErrorMessage(error, t) : t('contact.errorText', { email: contactEmail }));
      showToast({ color: 'red', title: t('contact.errorTitle'), message });
    } finally {
      setIsSending(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={isSolo ? t('contact.solo.title') : t('contact.title')}>
      <Stack gap="md">
        <TextInput label={t('contact.name')} placeholder={t('contact.namePlaceholder')} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label={t('contact.email')} placeholder={t('contact.emailPlaceholder')} type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <Textarea
          label={t('contact.message')}
          placeholder={isSolo ? t('contact.solo.messagePlaceholder') : t('contact.messagePlaceholder')}
          withAsterisk
          autosize
          minRows={5}
          styles={{ input: { minHeight: 120 } }}
          {...form.getInputProps('message')}
        />
        <Button type="submit" size="md" disabled={isSending} data-busy={isSending || undefined}>
          {isSending ? t('contact.sending') : t('contact.submit')}
        </Button>
      </Stack>
    </form>
  );
}
