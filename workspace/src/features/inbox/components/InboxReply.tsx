// Replying from the inbox: the mail to open (mailto:, the message quoted), then "mark answered".
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMailForward, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { i18n as sharedI18n } from '@citable/shared';
import { type MessageRow, type RequestRow } from '../api/inbox';
import { NS } from '../i18n';
import { buildMailto } from '../utils/inbox';
import { type Dates } from './inboxHooks';

export interface Reply {
  id: number;
  who: string;
  email: string;
  href: string;
  answered: boolean;
}

/** The reply to a contact message, in the screen's language (messages carry none). */
export function messageReply(row: MessageRow, dates: Dates): Reply {
  const t = sharedI18n.getFixedT(sharedI18n.language, NS);
  const firstName = row.name.trim();
  const href = buildMailto({
    to: row.email,
    subject: t('mail.subjectMessage'),
    intro: `${t('mail.greeting', { name: firstName })}\n\n\n\n${t('mail.wrote', { date: dates.exact(row.created_at), name: row.name, email: row.email })}`,
    quoted: row.message,
    ellipsis: t('mail.cut'),
  });
  return { id: row.id, who: row.name, email: row.email, href, answered: row.status === 'answered' };
}

/** The reply to a first-article request, in the requester's language. */
export function requestReply(row: RequestRow): Reply {
  const language = row.language === 'en' ? 'en' : 'fr';
  const t = sharedI18n.getFixedT(language, NS);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(row.created_at));
  const href = buildMailto({
    to: row.stripe_email,
    subject: t('mail.subjectRequest', { url: row.url }),
    intro: `${t('mail.greetingNoName')}\n\n\n\n${t('mail.requested', { date })}`,
    quoted: `${t('mail.requestSite', { url: row.url })}\n${t('mail.requestEmail', { email: row.stripe_email })}`,
    ellipsis: t('mail.cut'),
  });
  return { id: row.id, who: row.stripe_email, email: row.stripe_email, href, answered: row.status === 'answered' };
}

/** "Reply": a link that opens the mail app with the prepared reply, and the dialog offering to mark it answered. */
export function ReplyButton({ reply, onReply, fullWidth = false }: { reply: Reply; onReply: (reply: Reply) => void; fullWidth?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Button
      component="a"
      href={reply.href}
      size="xs"
      variant="light"
      leftSection={<IconMailForward size={14} />}
      onClick={() => onReply(reply)}
      fullWidth={fullWidth}
      aria-label={t('actions.replyLabel', { who: reply.who })}
      data-testid="inbox-reply"
    >
      {t('actions.reply')}
    </Button>
  );
}

export function ReplyModal({ reply, onClose, onAnswered }: { reply: Reply | null; onClose: () => void; onAnswered: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={reply !== null}
      onClose={onClose}
      title={reply ? t('replyModal.title', { who: reply.who }) : ''}
      closeButtonProps={{ 'aria-label': t('replyModal.close') }}
      centered
    >
      {reply && (
        <Stack gap="md">
          <Text size="sm">{t('replyModal.text')}</Text>
          <Text size="sm" c="gray.7">
            {t('replyModal.noClient', { email: reply.email })}{' '}
            <Anchor href={reply.href} size="sm" data-testid="inbox-reply-link">
              {t('replyModal.reopen')}
            </Anchor>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('replyModal.later')}
            </Button>
            {!reply.answered && (
              <Button leftSection={<IconCheck size={16} />} onClick={onAnswered}>
                {t('replyModal.markAnswered')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
