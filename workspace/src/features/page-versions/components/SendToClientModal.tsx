import { useState } from 'react';
import { Alert, Button, Center, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconCopy, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { isValidEmail } from '../../../utils/email';
import { NS } from '../i18n';
import type { SiteClient, VersionSendResult } from '../api/versionSends';
import { changesClient, sendProblem } from '../utils/sends';

const NAME_MAX = 200;

export interface SendToClientModalProps {
  opened: boolean;
  onClose: () => void;
  /** the version's date, as the screen shows it */
  versionDate: string;
  /** the /view link the client receives */
  link: string;
  /** the site's client (prefills the form; its language is the mail's); undefined when it could not be read */
  client: SiteClient | undefined;
  /** the site's client is still loading: the form waits for it */
  clientPending?: boolean;
  /** how many times this version was already sent */
  sentCount: number;
  isSending: boolean;
  /** sends; rejects with the server's error (shown in the form) */
  onSend: (input: { email: string; name: string }) => Promise<VersionSendResult>;
}

interface Values {
  email: string;
  name: string;
}

function SendForm({ onClose, versionDate, link, client, sentCount, isSending, onSend }: Omit<SendToClientModalProps, 'opened' | 'clientPending'>) {
  const { t } = useTranslation(NS);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: client?.email ?? '', name: client?.name ?? '' },
    validate: {
      email: (value) => (value.trim() === '' ? t('send.errors.emailRequired') : isValidEmail(value) ? null : t('send.errors.email')),
      name: (value) => (value.trim().length > NAME_MAX ? t('send.errors.name') : null),
    },
  });
  const language = client?.language ?? 'fr';
  const newClient = client !== undefined && changesClient(form.values.email, client.email);

  const submit = async (values: Values) => {
    setProblem(null);
    try {
      await onSend(values);
    } catch (error) {
      const known = sendProblem(error);
      if (known?.field) form.setFieldError(known.field, t(known.key));
      else setProblem(known ? t(known.key) : dataErrorMessage(error, t));
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate data-testid="send-to-client-form">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('send.intro', { date: versionDate })}
        </Text>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('send.error')} role="alert" data-testid="send-problem">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('send.email')}
          type="email"
          withAsterisk
          autoComplete="off"
          data-autofocus
          data-testid="send-email"
          description={newClient ? t('send.newClient') : undefined}
          {...form.getInputProps('email')}
        />
        <TextInput label={t('send.name')} autoComplete="off" maxLength={NAME_MAX} data-testid="send-name" {...form.getInputProps('name')} />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('send.language')}
          </Text>
          <Text size="sm" data-testid="send-language">
            {t(`send.languages.${language}`)}
          </Text>
          <Text size="xs" c="gray.7">
            {t('send.languageHint')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="send-link-label">
            {t('send.link')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Text
              size="sm"
              ff="monospace"
              c="gray.8"
              bg="gray.0"
              px="xs"
              py={6}
              style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', borderRadius: 4 }}
              aria-labelledby="send-link-label"
              data-testid="send-link"
            >
              {link}
            </Text>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="sm"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  aria-live="polite"
                >
                  {copied ? t('send.copied') : t('send.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        {sentCount > 0 && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="send-resend-note">
            <Text size="sm">{t('send.alreadySent', { count: sentCount })}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={isSending}>
            {t('send.cancel')}
          </Button>
          <Button type="submit" loading={isSending} leftSection={<IconSend size={16} aria-hidden />} data-testid="send-submit">
            {sentCount > 0 ? t('send.resend') : t('send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Send to client": the address (the site's client by default), the name, the language and the link. */
export function SendToClientModal({ opened, onClose, clientPending = false, ...props }: SendToClientModalProps) {
  const { t } = useTranslation(NS);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  return (
    <Modal
      opened={opened}
      onClose={() => !props.isSending && onClose()}
      title={
        <Text fw={700} size="lg" component="span">
          {t('send.title')}
        </Text>
      }
      fullScreen={Boolean(isMobile)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('send.close') }}
    >
      {/* mounted at each opening: the form starts from the site's client */}
      {opened && clientPending && (
        <Center py="lg">
          <Loader size="sm" aria-label={t('send.loadingClient')} />
        </Center>
      )}
      {opened && !clientPending && <SendForm onClose={onClose} {...props} />}
    </Modal>
  );
}
