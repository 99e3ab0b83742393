import { lazy, Suspense, useState } from 'react';
import { Button, Card, Collapse, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@citable/shared';
import { NS } from '../i18n';
import type { ArticleViewContext } from '../api/article';
import { formatDate } from '../utils/article';

const ChangesDiff = lazy(() => import('./ChangesDiff'));

interface Props {
  sentBack: NonNullable<ArticleViewContext['sent_back']>;
  currentHtml: string;
}

/**
 * "What changed since you asked": the comments the client wrote on /view when they sent the version back
 * (client_comments — never the operator's modification instructions), and the diff with that version.
 */
export function ChangesSection({ sentBack, currentHtml }: Props) {
  const { t, i18n } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cv-changes-title" data-testid="changes-section" bg="gray.0">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cv-changes-title">
          {t('changes.title')}
        </Title>
        <Text size="md" c="dark.5">
          {t('changes.intro', { date: formatDate(sentBack.created_date, i18n.language) })}
        </Text>
        <Text component="blockquote" className="cv-comments" m={0} pl="md" style={{ borderLeft: '3px solid #adb5bd' }} data-testid="changes-comments">
          {sentBack.client_comments?.trim() ? sentBack.client_comments : t('changes.noComments')}
        </Text>
        <div>
          <Button variant="light" onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls="cv-changes-diff">
            {open ? t('changes.hide') : t('changes.show')}
          </Button>
        </div>
        <Collapse expanded={open} id="cv-changes-diff">
          {open && (
            <ErrorBoundary fallback={() => <Text c="red.9">{t('changes.unavailable')}</Text>}>
              <Suspense fallback={<Loader size="sm" aria-label={t('loading')} />}>
                <ChangesDiff before={sentBack.html_content ?? ''} after={currentHtml} beforeLabel={t('changes.before')} afterLabel={t('changes.after')} />
              </Suspense>
            </ErrorBoundary>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
