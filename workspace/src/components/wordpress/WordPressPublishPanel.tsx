/**
 * Publishing a page to WordPress (issue 31): the post's link, date and state when published, a
 * notice when the WordPress copy is older than the latest approved version, and the button that
 * queues publish_wordpress for the approved version (the one shown when it is approved, else the
 * latest); disabled with the reason when the site has no connection or nothing is approved. On the
 * page detail and the versions screen, whose lists of the page's actions show the publications' progress
 * (one WordPress card: no second list here).
 */
import './i18n';
import { useId, useState, type CSSProperties } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconBrandWordpress, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { paths } from '../../config/paths';
import { LoadErrorAlert } from '../LoadErrorAlert';
import { useConnection, useLatestApproved, usePageWordPress, usePublish, type ApprovedVersion } from './api';
import { WORDPRESS_ANCHOR, connectionState, isCopyBehind, publicationState, refusalKey, versionToPublish } from './connection';
import { NS } from './i18n';

export interface WordPressPublishPanelProps {
  siteId: number;
  pageId: number;
  /** the version the screen shows (versions screen): published when it is approved */
  shownVersion?: ApprovedVersion | null;
}

const READABLE = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties;

const MINUTE_MS = 60_000;
/** Two instants in the same minute of the clock (shown alike without seconds). */
export function sameMinute(a: string, b: string) {
  return Math.floor(Date.parse(a) / MINUTE_MS) === Math.floor(Date.parse(b) / MINUTE_MS);
}

export function WordPressPublishPanel({ siteId, pageId, shownVersion = null }: WordPressPublishPanelProps) {
  const { t, i18n } = useTranslation(NS);
  const titleId = useId();
  const reasonId = useId();
  const page = usePageWordPress(pageId);
  const approved = useLatestApproved(pageId);
  const connection = useConnection(siteId);
  const publish = usePublish(pageId);
  const [refusal, setRefusal] = useState<{ text: string; hint: string | undefined } | null>(null);

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const secondsFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));

  const heading = (
    <Group gap="xs" wrap="nowrap">
      <IconBrandWordpress size={20} aria-hidden color="var(--mantine-color-indigo-7)" />
      <Title order={2} size="h4" id={titleId}>
        {t('publish.title')}
      </Title>
    </Group>
  );

  let body;
  if (page.isPending || approved.isPending || connection.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('publish.loading')}</Text>
      </Group>
    );
  } else if (page.isError || approved.isError || connection.isError) {
    const failed = page.isError ? page : approved.isError ? approved : connection;
    body = <LoadErrorAlert title={t('publish.loadError')} detail={dataErrorMessage(failed.error, t)} retryLabel={t('publish.retry')} query={failed} />;
  } else {
    const state = publicationState(page.data);
    const latestApproved = approved.data;
    const target = versionToPublish([...(shownVersion ? [shownVersion] : []), ...(latestApproved ? [latestApproved] : [])], shownVersion?.id ?? null);
    const connected = connectionState(connection.data);
    const hasConnection = connection.data?.has_password === true;
    const behind = isCopyBehind(page.data, latestApproved?.id ?? null);
    const republish = state === 'deleted';
    const reason = !hasConnection ? t('publish.noConnection') : !target ? t('publish.noApproved') : null;
    const label = republish ? t('publish.republish') : state === 'published' ? t('publish.update') : t('publish.button');
    // the publication and the version to publish in the same minute: their times with seconds, so that
    // 'published at 23:48' and 'approved at 23:48' never read as the same moment (audit W4)
    const closeTimes = Boolean(page.data.wordpress_published_at && target && sameMinute(page.data.wordpress_published_at, target.created_date));
    const formatTime = (iso: string) => (closeTimes ? secondsFormat : dateFormat).format(new Date(iso));

    const onPublish = () => {
      if (!target) return;
      setRefusal(null);
      publish.mutate(
        { pageId, versionId: target.id, republish },
        {
          onSuccess: () => showToast({ color: 'teal', message: t('publish.queued') }),
          onError: (error) => {
            const key = isDataError(error) ? refusalKey(error.hint) : null;
            const text = key ? t(key) : dataErrorMessage(error, t);
            setRefusal({ text, hint: isDataError(error) ? error.hint : undefined });
            showToast({ color: 'red', title: t('publish.error'), message: text });
          },
        },
      );
    };

    body = (
      <Stack gap="sm">
        {state === 'published' && page.data.wordpress_published_at && (
          <Stack gap={2} data-testid="wordpress-published">
            <Text size="sm">
              {t('publish.published', { date: formatTime(page.data.wordpress_published_at) })}
              {page.data.wordpress_status && page.data.wordpress_status !== 'publish' && ` · ${t('publish.statusLabel', { status: t(`publish.wpStatus.${page.data.wordpress_status}`, { defaultValue: page.data.wordpress_status }) })}`}
            </Text>
            {page.data.wordpress_link && (
              <Anchor href={page.data.wordpress_link} target="_blank" rel="noopener noreferrer" size="sm" fw={600} data-testid="wordpress-link" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}>
                {t('publish.view')}
                <IconExternalLink size={14} aria-hidden />
                <VisuallyHidden>{t('publish.newTab')}</VisuallyHidden>
              </Anchor>
            )}
          </Stack>
        )}
        {state === 'none' && (
          <Text size="sm" c="gray.7" data-testid="wordpress-not-published">
            {t('publish.notPublished')}
          </Text>
        )}
        {republish && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="wordpress-deleted">
            <Text size="sm" c="dark.8">
              {t('publish.deleted')}
            </Text>
          </Alert>
        )}
        {behind && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="wordpress-behind">
            <Text size="sm" c="dark.8">
              {t('publish.behind')}
            </Text>
          </Alert>
        )}
        {hasConnection && connected === 'failed' && (
          <Text size="sm" c="red.8" data-testid="wordpress-connection-failed">
            {t('publish.connectionFailed')}{' '}
            <Anchor component={Link} to={`${paths.site(siteId)}${WORDPRESS_ANCHOR}`} size="sm" c="dark.8" td="underline">
              {t('publish.connectLink')}
            </Anchor>
          </Text>
        )}
        {target && hasConnection && shownVersion && !shownVersion.approved && (
          <Text size="sm" c="gray.7">
            {t('publish.activeNotApproved', { date: formatDate(target.created_date) })}
          </Text>
        )}
        {target && hasConnection && (!shownVersion || shownVersion.approved) && (
          <Text size="sm" c="gray.7" data-testid="wordpress-target">
            {t(page.data.wordpress_version === target.id ? 'publish.upToDate' : 'publish.willPublish', { date: formatTime(target.created_date) })}
          </Text>
        )}
        <Group gap="sm" align="center">
          <Button
            leftSection={<IconBrandWordpress size={16} aria-hidden />}
            onClick={onPublish}
            loading={publish.isPending}
            disabled={reason !== null}
            aria-describedby={reason ? reasonId : undefined}
            data-testid="wordpress-publish"
          >
            {label}
          </Button>
        </Group>
        {reason && (
          <Text size="sm" c="gray.7" id={reasonId} data-testid="wordpress-publish-reason">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
            {reason}
            {!hasConnection && (
              <>
                {' '}
                {/* in a sentence: underlined, not told apart by its colour alone (WCAG 1.4.1) */}
                <Anchor component={Link} to={`${paths.site(siteId)}${WORDPRESS_ANCHOR}`} size="sm" underline="always" data-testid="wordpress-connect-link">
                  {t('publish.connectLink')}
                </Anchor>
              </>
            )}
          </Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="wordpress-publish-refusal">
            <Text size="sm">{refusal.text}</Text>
            {refusal.hint === 'no_wordpress_connection' && (
              <Anchor component={Link} to={`${paths.site(siteId)}${WORDPRESS_ANCHOR}`} size="sm" c="dark.8" td="underline">
                {t('publish.connectLink')}
              </Anchor>
            )}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId} data-testid="wordpress-publish-panel" style={READABLE}>
      <Stack gap="sm">
        {heading}
        {body}
      </Stack>
    </Paper>
  );
}
