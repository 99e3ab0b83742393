import '../i18n';
import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconDeviceFloppy, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { paths } from '../../../config/paths';
import { PageActionsList } from '../../../components/PageActionsList';
import { PageSubScreen, type PageContext } from '../../../components/PageSubScreen';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { isActive, useLatestPageActions } from '../../../components/page-actions/pageActions';
import { NS } from '../i18n';
import { BRIEF_CHANGED, briefKeys, RESEARCH_ACTION_MISSING, useBrief, useQueueResearch, useSaveBrief } from '../api/brief';
import { sameBrief, type EditableBrief, type TargetWordsError } from '../utils/briefEdit';
import { KeywordsBlock, LengthBlock, QuestionsBlock, SectionsBlock, TermsBlock } from './BriefEditor';
import { BriefSources } from './BriefSources';

const RESEARCH_ACTIONS = ['research_page'] as const;
/** the research runs listed under the brief (the same query tells whether one is running) */
const RESEARCH_LIST = { actionNames: RESEARCH_ACTIONS, limit: 5 };

function BriefScreen({ page }: { page: PageContext }) {
  const { t, i18n } = useTranslation(NS);
  const brief = useBrief(page.id);
  const research = useLatestPageActions(page.id, RESEARCH_LIST);
  const queueResearch = useQueueResearch(page.id);
  const save = useSaveBrief(page.id);
  const [draft, setDraft] = useState<EditableBrief | null>(null);
  const [lengthError, setLengthError] = useState<TargetWordsError | null>(null);
  const [confirming, setConfirming] = useState(false);
  // a new draft mounts the length field afresh (after a discard or a reload)
  const [formKey, setFormKey] = useState(0);

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));

  const stored = brief.data?.brief ?? null;
  const storedBrief = stored?.brief ?? null;
  const shown = draft ?? storedBrief;
  const isDirty = draft !== null && storedBrief !== null && !sameBrief(draft, storedBrief);
  const latestResearch = research.data?.[0] ?? null;
  const isResearching = research.data?.some(isActive) ?? false;
  const sources = brief.data?.sources ?? [];
  const readCount = sources.filter((s) => s.status === 'read').length;

  const discard = () => {
    setDraft(null);
    setLengthError(null);
    setFormKey((k) => k + 1);
  };

  const submit = () => {
    if (!draft || !stored) return;
    if (lengthError) {
      showToast({ color: 'red', title: t('save.error'), message: t('save.invalid') });
      return;
    }
    save.mutate(
      { brief: draft, updatedAt: stored.updatedAt },
      {
        onSuccess: () => {
          showToast({ color: 'teal', message: t('save.success') });
          setDraft(null);
        },
        onError: (error) => {
          const changed = isDataError(error) && error.message === BRIEF_CHANGED;
          showToast({ color: 'red', title: t('save.error'), message: changed ? t('save.conflict') : dataErrorMessage(error, t), autoClose: changed ? false : undefined });
        },
      },
    );
  };

  const startResearch = () => {
    queueResearch.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        discard();
        showToast({ color: 'teal', message: t('research.queued') });
      },
      onError: (error) => {
        setConfirming(false);
        const missing = isDataError(error) && error.message === RESEARCH_ACTION_MISSING;
        showToast({ color: 'red', title: t('research.error'), message: missing ? t('research.missingAction') : dataErrorMessage(error, t) });
      },
    });
  };

  let overwriteNotice: string | null = null;
  if (isDirty) overwriteNotice = t('research.overwriteDraft');
  else if (stored?.editedAt) overwriteNotice = t('research.overwriteEdited', { date: formatDate(stored.editedAt) });

  const researchButton = (
    <Button
      leftSection={<IconSearch size={16} aria-hidden />}
      variant={stored ? 'default' : 'filled'}
      onClick={() => setConfirming(true)}
      disabled={isResearching || brief.isPending}
      loading={queueResearch.isPending}
      data-testid="brief-research"
    >
      {stored ? t('research.restart') : t('research.start')}
    </Button>
  );

  let body;
  if (brief.isPending) body = <ScreenLoader label={t('loading')} />;
  else if (brief.isError) {
    body = <LoadErrorAlert title={t('loadError')} detail={dataErrorMessage(brief.error, t)} retryLabel={t('retry')} query={brief} data-testid="brief-error" />;
  } else if (!stored) {
    body = (
      <Paper withBorder radius="md" p="lg" data-testid="brief-empty">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('empty.title')}
          </Title>
          <Text size="sm" c="gray.7" maw={680}>
            {t('empty.text')}
          </Text>
          {!isResearching && researchButton}
        </Stack>
      </Paper>
    );
  } else if (!shown) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="brief-unreadable">
        {t('unreadable')}
      </Alert>
    );
  } else {
    body = (
      <>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <KeywordsBlock brief={shown} />
          <LengthBlock key={formKey} brief={shown} onChange={setDraft} onErrorChange={setLengthError} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SectionsBlock brief={shown} onChange={setDraft} readCount={readCount} />
          <QuestionsBlock brief={shown} onChange={setDraft} />
        </SimpleGrid>
        <TermsBlock brief={shown} onChange={setDraft} readCount={readCount} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <BriefSources sources={sources} />
        </Paper>
      </>
    );
  }

  const lastFailed = latestResearch?.status === 'failed' ? latestResearch : null;

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('subtitle')}
          </Text>
          {stored && (
            <Group gap="xs" mt={4} data-testid="brief-dates">
              {stored.researchedAt && (
                <Text size="sm" c="gray.8">
                  {t('researchedAt', { date: formatDate(stored.researchedAt) })}
                </Text>
              )}
              {stored.editedAt ? (
                <Badge variant="light" color="orange" tt="none" styles={{ label: { color: 'var(--mantine-color-orange-9)' } }} data-testid="brief-edited">
                  {t('editedAt', { date: formatDate(stored.editedAt) })}
                </Badge>
              ) : (
                <Badge variant="light" color="gray" tt="none" styles={{ label: { color: 'var(--mantine-color-gray-8)' } }}>
                  {t('asComputed')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {stored && (
          <Group gap="xs">
            {researchButton}
            {/* the next step: the article is written from this brief on the versions screen */}
            <Button component={Link} to={paths.pageVersions(page.site, page.id)} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />} data-testid="brief-to-versions">
              {t('toVersions')}
            </Button>
          </Group>
        )}
      </Group>

      {isResearching && (
        <Alert color="blue" variant="light" icon={<Loader size="xs" />} title={t('research.running')} role="status" data-testid="brief-researching">
          <Text size="sm" c="dark.8">
            {t('research.runningText')}
          </Text>
        </Alert>
      )}
      {!isResearching && lastFailed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="brief-research-failed">
          <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {t('research.failed', { error: lastFailed.last_error ?? '—' })}
          </Text>
        </Alert>
      )}

      {body}

      {isDirty && (
        <Box pos="sticky" bottom={0} style={{ zIndex: 5 }}>
          <Paper withBorder shadow="md" radius="md" px="md" py="sm" bg="indigo.0" data-testid="brief-savebar">
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={600} c="indigo.9">
                {t('save.dirty')}
              </Text>
              <Group gap="xs">
                <Button variant="default" onClick={discard} disabled={save.isPending} data-testid="brief-discard">
                  {t('save.discard')}
                </Button>
                <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={submit} loading={save.isPending} data-testid="brief-save">
                  {t('save.submit')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Box>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
        <PageActionsList
          pageId={page.id}
          actionNames={RESEARCH_ACTIONS}
          limit={RESEARCH_LIST.limit}
          title={t('actionsTitle')}
          invalidateOnSettled={[briefKeys.detail(page.id)]}
        />
      </Paper>

      <RunConfirmModal
        opened={confirming}
        action="research_page"
        runs={1}
        isPending={queueResearch.isPending}
        notice={overwriteNotice}
        onConfirm={startResearch}
        onClose={() => !queueResearch.isPending && setConfirming(false)}
      />
    </>
  );
}

/** The brief of a page (/sites/:siteId/pages/:pageId/brief, issue 29): what the top results cover, editable before writing. */
export function BriefPage() {
  const { t } = useTranslation(NS);
  return (
    <PageSubScreen screenLabel={t('screen')} data-testid="brief-screen">
      {(page) => <BriefScreen page={page} />}
    </PageSubScreen>
  );
}
