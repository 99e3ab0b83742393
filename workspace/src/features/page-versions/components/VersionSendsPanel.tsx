import type { CSSProperties } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage } from '@citable/shared/data';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { NS } from '../i18n';
import type { VersionSend } from '../api/versionSends';
import { sendFailureKey } from '../utils/sends';

/** Badge colours and text colours dark enough on their light tints (WCAG AA, axe). */
const STATUS = {
  queued: { color: 'gray', text: '#343a40', icon: IconClock },
  sent: { color: 'teal', text: '#05664a', icon: IconCheck },
  failed: { color: 'red', text: '#a61e1e', icon: IconAlertTriangle },
} as const;

export interface VersionSendsPanelProps {
  sends: { data: VersionSend[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  formatDate: (iso: string) => string;
  /** the date of a version of the page, or null when it was deleted */
  versionDate: (versionId: string) => string | null;
}

/** The history of the page's sends to the client: to whom, when, which version, sent, failed (why) or queued. */
export function VersionSendsPanel({ sends, formatDate, versionDate }: VersionSendsPanelProps) {
  const { t } = useTranslation(NS);
  const list = sends.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="sends-title" data-testid="sends-panel">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="sends-title">
          {t('sends.title')}
        </Title>
        {sends.data && list.length > 0 && (
          <Badge variant="light" color="gray" style={{ '--badge-color': '#343a40' } as CSSProperties} data-testid="sends-count">
            {t('sends.count', { count: list.length })}
          </Badge>
        )}
      </Group>
      {sends.isPending ? (
        <Text size="sm" c="gray.7" role="status">
          {t('sends.loading')}
        </Text>
      ) : sends.isError ? (
        <LoadErrorAlert title={t('sends.loadError')} detail={dataErrorMessage(sends.error, t)} retryLabel={t('retry')} query={sends} />
      ) : list.length === 0 ? (
        <Text size="sm" c="gray.7" data-testid="sends-empty">
          {t('sends.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
          {list.map((send) => {
            const status = STATUS[send.status as keyof typeof STATUS] ?? STATUS.queued;
            const Icon = status.icon;
            const date = versionDate(send.version);
            return (
              <li key={send.id} data-testid="send-row" data-status={send.status} data-send-id={send.id}>
                <Stack gap={2}>
                  <Group gap={8} wrap="wrap" justify="space-between">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="send-to">
                      {send.to_name ? `${send.to_name} <${send.to_email}>` : send.to_email}
                    </Text>
                    <Badge
                      size="sm"
                      variant="light"
                      color={status.color}
                      style={{ '--badge-color': status.text } as CSSProperties}
                      leftSection={<Icon size={12} aria-hidden />}
                      data-testid="send-status"
                    >
                      {t(`sends.status.${send.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="gray.7">
                    {send.status === 'sent' && send.sent_at
                      ? t('sends.sentAt', { date: formatDate(send.sent_at) })
                      : t('sends.requestedAt', { date: formatDate(send.created_at) })}
                    {' · '}
                    {date ? t('sends.ofVersion', { date }) : t('sends.versionDeleted')}
                    {' · '}
                    {t(`send.languages.${send.language === 'en' ? 'en' : 'fr'}`)}
                  </Text>
                  {send.status === 'failed' && (
                    <div data-testid="send-error">
                      <Text size="sm" c="red.9" fw={500}>
                        {t(sendFailureKey(send.error))}
                      </Text>
                      {send.error && (
                        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                          {t('sends.errorDetail', { error: send.error })}
                        </Text>
                      )}
                    </div>
                  )}
                  {send.status === 'queued' && (
                    <Text size="xs" c="gray.7">
                      {send.error ? t('sends.retrying', { error: send.error }) : t('sends.queuedHint')}
                    </Text>
                  )}
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
