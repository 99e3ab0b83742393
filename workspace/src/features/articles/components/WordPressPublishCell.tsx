/**
 * "Publier sur WordPress" on an approved row of the Articles screen (issue 31): the button that queues
 * publish_wordpress for the row's version (the publish panels' mutation, usePublish), the publication's
 * progress and failure from list_work_queue, the post's link once published; without a working
 * connection, a link to the site's WordPress settings. A row that left the list once published (a
 * public post sets published_at) stays on screen with its link (`justPublished`), read from the page.
 */
import '../i18n';
import '../../../components/wordpress/i18n';
import '../../../components/page-actions/i18n';
import { Anchor, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandWordpress, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { usePageWordPress, usePublish } from '../../../components/wordpress/api';
import { WORDPRESS_ANCHOR, refusalKey } from '../../../components/wordpress/connection';
import { warningText } from '../../../components/page-actions/actionRecord';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';
import { wordpressRow } from '../utils/wordpressRow';
import type { WorkItem } from '../utils/workQueue';

export interface WordPressPublishCellProps {
  item: WorkItem;
  fullWidth?: boolean;
  /** the publication was queued from this row */
  onQueued?: (item: WorkItem) => void;
}

export function WordPressPublishCell({ item, fullWidth, onQueued }: WordPressPublishCellProps) {
  const { t, i18n } = useTranslation(NS);
  const publish = usePublish(item.page_id);
  // a row gone from the list: the page's own columns say what WordPress holds
  const page = usePageWordPress(item.justPublished ? item.page_id : null);
  const shown: WorkItem =
    item.justPublished && page.data
      ? {
          ...item,
          wordpress_link: page.data.wordpress_link,
          wordpress_status: page.data.wordpress_status,
          wordpress_version: page.data.wordpress_version,
          publish_status: page.data.wordpress_version === item.version_id ? 'done' : item.publish_status,
        }
      : item;
  const row = wordpressRow(shown);
  const settings = `${paths.site(item.site_id)}${WORDPRESS_ANCHOR}`;
  const named = (text: string) => t('actions.forPage', { action: text, page: item.page_name });
  const align = fullWidth ? 'stretch' : 'flex-end';

  if (row.connection === 'none') {
    // a secondary button, the style of 'Marquer comme publié' under it (audit W1)
    return (
      <Button
        component={Link}
        to={settings}
        size="sm"
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconBrandWordpress size={16} aria-hidden />}
        aria-label={named(t('wordpress.connect'))}
        data-testid="work-wordpress-connect"
      >
        {t('wordpress.connect')}
      </Button>
    );
  }
  if (row.connection === 'failed') {
    return (
      <Text size="sm" c="red.9" data-testid="work-wordpress-connection-failed" style={{ whiteSpace: 'normal' }}>
        {t('wordpress.connectionFailed')}{' '}
        <Anchor component={Link} to={settings} size="sm" c="dark.8" td="underline" aria-label={named(t('wordpress.checkConnection'))}>
          {t('wordpress.checkConnection')}
        </Anchor>
      </Text>
    );
  }

  const onPublish = () => {
    if (!item.version_id) return;
    publish.mutate(
      { pageId: item.page_id, versionId: item.version_id, republish: row.deleted },
      {
        onSuccess: () => {
          onQueued?.(item);
          showToast({ color: 'teal', title: t('wordpress.requested'), message: item.page_name });
        },
        onError: (error) => {
          const key = isDataError(error) ? refusalKey(error.hint) : null;
          showToast({ color: 'red', title: t('wordpress:publish.error'), message: key ? t(`wordpress:${key}`) : dataErrorMessage(error, t) });
        },
      },
    );
  };

  const wpStatus = row.current && shown.wordpress_status && shown.wordpress_status !== 'publish' ? t(`wordpress:publish.wpStatus.${shown.wordpress_status}`, { defaultValue: shown.wordpress_status }) : null;
  return (
    <Stack gap={4} align={align} style={{ whiteSpace: 'normal' }} data-testid="work-wordpress" data-activity={row.activity ?? 'none'}>
      {(row.activity === 'queued' || row.activity === 'running') && (
        <Group gap={6} wrap="nowrap" role="status" data-testid="work-wordpress-state" data-state={row.activity}>
          <Loader size={14} aria-hidden />
          <Text size="sm" c="gray.8">
            {t(`wordpress.${row.activity}`)}
          </Text>
        </Group>
      )}
      {row.current && row.link && (
        <Group gap={6} wrap="wrap" justify={fullWidth ? 'flex-start' : 'flex-end'} data-testid="work-wordpress-published">
          <Text size="sm" c="teal.9" fw={600}>
            {wpStatus ? t('wordpress.publishedAs', { status: wpStatus }) : t('wordpress.published')}
          </Text>
          <Anchor href={row.link} target="_blank" rel="noopener noreferrer" size="sm" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-testid="work-wordpress-link">
            {t('wordpress.view')}
            <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden>{t('wordpress.newTab', { page: item.page_name })}</VisuallyHidden>
          </Anchor>
        </Group>
      )}
      {row.activity === 'failed' && row.failure && (
        <Text size="xs" c="red.9" maw={320} ta={fullWidth ? 'left' : 'right'} style={{ overflowWrap: 'anywhere' }} data-testid="work-wordpress-error" data-code={row.failure.code}>
          {t('wordpress.failed', { reason: warningText(row.failure, (key, options) => t(`pageActions:${key}`, options), i18n.language) })}
        </Text>
      )}
      {row.deleted && row.activity !== 'queued' && row.activity !== 'running' && (
        <Text size="xs" c="gray.8" maw={320} ta={fullWidth ? 'left' : 'right'} data-testid="work-wordpress-deleted">
          {t('wordpress.deleted')}
        </Text>
      )}
      {row.behind && row.activity !== 'queued' && row.activity !== 'running' && (
        <Text size="xs" c="gray.8" maw={320} ta={fullWidth ? 'left' : 'right'} data-testid="work-wordpress-behind">
          {t('wordpress.behind')}
        </Text>
      )}
      {row.button && (
        <Button
          size="sm"
          fullWidth={fullWidth}
          leftSection={<IconBrandWordpress size={16} aria-hidden />}
          loading={publish.isPending}
          onClick={onPublish}
          aria-label={named(t(`wordpress.${row.button}`))}
          data-testid="work-wordpress-publish"
        >
          {t(`wordpress.${row.button}`)}
        </Button>
      )}
    </Stack>
  );
}
