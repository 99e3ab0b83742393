import { useState } from 'react';
import { Button, CopyButton, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { reportUrl, useCreateReportLink, useReportLink, useRevokeReportLink } from '../api/report';

const PERIODS = [4, 12, 26, 52] as const;

/**
 * The client's report (issue 33): a read-only link to the site's figures (/view/report/:token, no
 * account), one live link per site, that the operator creates, copies and revokes.
 */
export function ReportLinkCard({ siteId, dateFormat }: { siteId: number; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation(NS);
  const link = useReportLink(siteId);
  const create = useCreateReportLink(siteId);
  const revoke = useRevokeReportLink(siteId);
  const [weeks, setWeeks] = useState<string>('12');
  const [confirming, setConfirming] = useState(false);

  const onCreate = () =>
    create.mutate(Number(weeks), {
      onSuccess: () => showToast({ color: 'teal', message: t('report.created') }),
      onError: (error) => showToast({ color: 'red', title: t('report.error'), message: dataErrorMessage(error, t) }),
    });
  const onRevoke = (id: number) =>
    revoke.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ color: 'teal', message: t('report.revoked') });
      },
      onError: (error) => showToast({ color: 'red', title: t('report.error'), message: dataErrorMessage(error, t) }),
    });

  let body;
  if (link.isPending) body = <Text c="gray.7">{t('loading')}</Text>;
  else if (link.isError) body = <Text c="red.8">{dataErrorMessage(link.error, t)}</Text>;
  else if (!link.data) {
    body = (
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('report.period')}
          data={PERIODS.map((w) => ({ value: String(w), label: t('report.weeks', { count: w }) }))}
          value={weeks}
          onChange={(v) => setWeeks(v ?? '12')}
          allowDeselect={false}
          w={240}
          data-testid="report-weeks"
        />
        <Button leftSection={<IconLink size={16} aria-hidden />} onClick={onCreate} loading={create.isPending} data-testid="report-create">
          {t('report.create')}
        </Button>
      </Group>
    );
  } else {
    const url = reportUrl(link.data.token);
    body = (
      <Stack gap="xs">
        <Text size="sm" fw={600} id="report-link-label">
          {t('report.link', { count: link.data.weeks })}
        </Text>
        <Text
          component="output"
          size="sm"
          ff="monospace"
          bg="gray.0"
          px="xs"
          py={6}
          style={{ overflowWrap: 'anywhere', borderRadius: 4 }}
          aria-labelledby="report-link-label"
          data-testid="report-url"
        >
          {url}
        </Text>
        <Text size="xs" c="gray.7">
          {t('report.since', { date: dateFormat.format(new Date(link.data.created_at)) })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="sm"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                aria-live="polite"
              >
                {copied ? t('report.copied') : t('report.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="default"
            size="sm"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="report-open"
          >
            {t('report.open')}
          </Button>
          {confirming ? (
            <Group gap="xs" wrap="wrap" role="group" aria-label={t('report.confirmLabel')}>
              <Button color="red" size="sm" onClick={() => onRevoke(link.data!.id)} loading={revoke.isPending} data-testid="report-revoke-confirm">
                {t('report.revokeConfirm')}
              </Button>
              <Button variant="subtle" size="sm" onClick={() => setConfirming(false)}>
                {t('report.cancel')}
              </Button>
            </Group>
          ) : (
            <Button
              variant="light"
              color="red"
              size="sm"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid="report-revoke"
            >
              {t('report.revoke')}
            </Button>
          )}
        </Group>
        {confirming && (
          <Text size="sm" c="red.8">
            {t('report.revokeWarning')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="report-title" data-testid="report-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="report-title">
          {t('report.heading')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('report.hint')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
