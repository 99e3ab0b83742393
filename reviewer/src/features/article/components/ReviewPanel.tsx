import { lazy, Suspense, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Anchor, Badge, Box, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPrinter, IconArrowBackUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArticleForView } from '@citable/shared';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { NS } from '../i18n';
import { articleKeys, useReviewActions, type ReviewAction } from '../api/article';
import { reviewState, staleMessageKey, type ReviewState } from '../utils/article';
import { showUnsupported, type UnsupportedTarget } from '../utils/claims';

const SendForRevisionModal = lazy(() => import('./SendForRevisionModal').then((m) => ({ default: m.SendForRevisionModal })));
const ApproveUnsupportedModal = lazy(() => import('./ApproveUnsupportedModal').then((m) => ({ default: m.ApproveUnsupportedModal })));

const BADGE: Record<ReviewState, { color: string; icon: React.ReactNode }> = {
  draft: { color: 'gray', icon: <IconPencil size={14} aria-hidden /> },
  inRevision: { color: 'orange', icon: <IconArrowBackUp size={14} aria-hidden /> },
  approved: { color: 'teal', icon: <IconCheck size={14} aria-hidden /> },
};

const SUCCESS: Record<ReviewAction, string> = {
  sendForRevision: 'toast.sentForRevision',
  cancelRevision: 'toast.revisionCanceled',
  approve: 'toast.approved',
  cancelApproval: 'toast.approvalCanceled',
};
const FAILURE: Record<ReviewAction, string> = {
  sendForRevision: 'toast.sendFailed',
  cancelRevision: 'toast.cancelRevisionFailed',
  approve: 'toast.approveFailed',
  cancelApproval: 'toast.cancelApprovalFailed',
};

/** The state as a badge with its name (never colour alone). */
export function ReviewStateBadge({ state, size = 'lg' }: { state: ReviewState; size?: 'md' | 'lg' }) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={BADGE[state].color} variant="light" size={size} leftSection={BADGE[state].icon} data-testid="review-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

interface ReviewInput {
  versionId: string;
  article: ArticleForView;
  onDemo: () => void;
}

/**
 * The review's state and actions, shared by the panel and, on small screens, the bar at the bottom
 * (audit L9): one set of dialogs, one pending flag.
 */
export function useReview({ versionId, article, onDemo }: ReviewInput) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const { run, isPending } = useReviewActions(versionId);
  const [revisionOpen, setRevisionOpen] = useState(false);
  const [revisionUsed, setRevisionUsed] = useState(false);
  // an article with unsupported claims says so before it is approved
  const [approveOpen, setApproveOpen] = useState(false);
  const [approveUsed, setApproveUsed] = useState(false);
  const unsupported = article.is_demo ? 0 : Math.max(0, Math.trunc(Number(article.unsupported_claims) || 0));
  const state = reviewState(article.version);

  async function act(action: ReviewAction, comments?: string): Promise<boolean> {
    if (article.is_demo) {
      onDemo();
      return false;
    }
    try {
      const version = await run(action, comments);
      if (!version) return false;
      showToast({ color: 'teal', message: t(SUCCESS[action]) });
      return true;
    } catch (error) {
      if (isDataError(error) && error.hint === 'demo_article') {
        onDemo();
      } else if (isDataError(error) && error.kind === 'conflict') {
        // someone else (or another tab) moved the version meanwhile: say what happened, show where it is now
        showToast({ color: 'orange', title: t(FAILURE[action]), message: t(staleMessageKey(action, error.details)) });
        void queryClient.invalidateQueries({ queryKey: articleKeys.view(versionId) });
        void queryClient.invalidateQueries({ queryKey: articleKeys.contexts(versionId) });
      } else {
        showToast({ color: 'red', title: t(FAILURE[action]), message: dataErrorMessage(error, t) });
      }
      return false;
    }
  }

  function openRevision() {
    if (article.is_demo) onDemo();
    else {
      setRevisionUsed(true);
      setRevisionOpen(true);
    }
  }

  function approve() {
    if (article.is_demo || unsupported === 0) {
      void act('approve');
      return;
    }
    setApproveUsed(true);
    setApproveOpen(true);
  }

  const dialogs: ReactNode = (
    <>
      {approveUsed && (
        <Suspense fallback={null}>
          <ApproveUnsupportedModal
            opened={approveOpen}
            count={unsupported}
            busy={isPending}
            onClose={() => setApproveOpen(false)}
            onConfirm={async () => {
              const ok = await act('approve');
              if (ok) setApproveOpen(false);
            }}
          />
        </Suspense>
      )}
      {revisionUsed && (
        <Suspense fallback={null}>
          <SendForRevisionModal
            opened={revisionOpen}
            busy={isPending}
            onClose={() => setRevisionOpen(false)}
            onSubmit={async (text) => {
              const ok = await act('sendForRevision', text);
              if (ok) setRevisionOpen(false);
              return ok;
            }}
          />
        </Suspense>
      )}
    </>
  );

  // what the client wrote when asking for the revision — never the operator's modification instructions
  return { state, unsupported, isPending, act, approve, openRevision, dialogs, comments: article.version.client_comments };
}

export type Review = ReturnType<typeof useReview>;

/** "Cet article contient 1 affirmation non vérifiée." and, under it, each one: a link to it in the text (audit L8). */
function UnsupportedNotice({ count, targets }: { count: number; targets: readonly UnsupportedTarget[] }) {
  const { t } = useTranslation(NS);
  return (
    <Box data-testid="unsupported-notice">
      <Text size="sm" c="red.9" fw={600} data-testid="unsupported-claims">
        {t('unsupported.notice', { count })}
      </Text>
      {targets.length > 0 && (
        <List size="sm" spacing={4} mt={6} c="dark.6" data-testid="unsupported-list" aria-label={t('unsupported.listLabel', { count: targets.length })}>
          {targets.map((target, index) => (
            <List.Item key={index} data-testid="unsupported-item">
              {target.id ? (
                <Anchor
                  href={`#${target.id}`}
                  size="sm"
                  c="red.9"
                  td="underline"
                  onClick={(event) => {
                    event.preventDefault();
                    showUnsupported(target.id!);
                  }}
                  // the visible quote starts the link's name (WCAG 2.5.3), what it does follows
                  aria-label={t('unsupported.showLabel', { quote: t('unsupported.quote', { sentence: target.sentence }) })}
                >
                  {t('unsupported.quote', { sentence: target.sentence })}
                </Anchor>
              ) : (
                <Text span size="sm">
                  {t('unsupported.quote', { sentence: target.sentence })} <Text span size="xs" c="dark.5">{t('unsupported.notInText')}</Text>
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}

interface Props {
  review: Review;
  /** where each unsupported sentence is in the text (markUnsupported) */
  targets?: readonly UnsupportedTarget[];
  /** the card, watched by the bottom bar (which hides while the card is on screen) */
  cardRef?: RefObject<HTMLDivElement | null>;
}

/** The approval and revision panel (§2, transitions of §4). */
export function ReviewPanel({ review, targets = [], cardRef }: Props) {
  const { t } = useTranslation(NS);
  const { state, unsupported, isPending, act, approve, openRevision, comments } = review;

  return (
    <Card ref={cardRef} withBorder radius="md" padding="lg" className="cv-panel-card" component="section" aria-labelledby="cv-review-title" data-testid="review-panel">
      <Stack gap="md">
        <Title order={2} size="h4" id="cv-review-title">
          {t('panel.title')}
        </Title>
        <Box aria-live="polite">
          <Text size="sm" c="dark.4" mb={6}>
            {t('state.label')}
          </Text>
          <ReviewStateBadge state={state} />
          <Text size="sm" mt="sm" c="dark.5">
            {t(`state.${state}Help`)}
          </Text>
        </Box>
        {state === 'inRevision' && comments && (
          <Box>
            <Text size="sm" fw={600} mb={4}>
              {t('panel.yourComments')}
            </Text>
            <Text component="div" className="cv-comments" c="dark.6" data-testid="review-comments">
              {comments}
            </Text>
          </Box>
        )}
        <Stack gap="xs">
          {state === 'draft' && (
            <>
              {unsupported > 0 && <UnsupportedNotice count={unsupported} targets={targets} />}
              <Button color="teal.9" leftSection={<IconCheck size={18} aria-hidden />} onClick={approve} disabled={isPending}>
                {t('actions.approve')}
              </Button>
              <Button variant="outline" leftSection={<IconArrowBackUp size={18} aria-hidden />} onClick={openRevision} disabled={isPending}>
                {t('actions.sendForRevision')}
              </Button>
            </>
          )}
          {state === 'inRevision' && (
            <Button variant="outline" color="orange.9" onClick={() => void act('cancelRevision')} disabled={isPending}>
              {t('actions.cancelRevision')}
            </Button>
          )}
          {state === 'approved' && (
            <Button variant="outline" color="red.8" onClick={() => void act('cancelApproval')} disabled={isPending}>
              {t('actions.cancelApproval')}
            </Button>
          )}
          <Button variant="subtle" color="dark" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} data-print="hide">
            {t('actions.print')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * On phones and narrow windows the panel comes after the whole article: a bar fixed at the bottom offers
 * both actions of a version to review (audit L9). It comes right after the title in the page's order
 * (keyboard and screen readers reach it there: a region named "Actions de relecture"), hides while the panel
 * itself is on screen, and is not drawn on wide screens (the panel sits beside the text) nor printed.
 */
/** A label that may take two lines on a narrow phone rather than be cut ("Demander une révisi…"). */
const WRAPPING = { label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'center' } } as const;

export function ReviewBar({ review, cardRef }: { review: Review; cardRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation(NS);
  const [panelVisible, setPanelVisible] = useState(false);
  useEffect(() => {
    const card = cardRef.current;
    if (!card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setPanelVisible(entry.isIntersecting), { threshold: 0.2 });
    observer.observe(card);
    return () => observer.disconnect();
  }, [cardRef]);
  if (review.state !== 'draft') return null;
  return (
    <section className="cv-review-bar" aria-label={t('bar.label')} data-print="hide" data-testid="review-bar" data-hidden={panelVisible ? 'true' : undefined} hidden={panelVisible}>
      <Button color="teal.9" h={44} leftSection={<IconCheck size={18} aria-hidden />} onClick={review.approve} disabled={review.isPending} aria-label={t('actions.approve')}>
        {t('bar.approve')}
      </Button>
      <Button variant="outline" h="auto" mih={44} px="sm" py={4} styles={WRAPPING} onClick={review.openRevision} disabled={review.isPending}>
        {t('actions.sendForRevision')}
      </Button>
    </section>
  );
}
