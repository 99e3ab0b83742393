import '../i18n';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { ReviewState } from '../utils/listParams';

/** The colour of each review state's dot: nothing yet, to check, the client asked, done. */
export const REVIEW_STATE_COLORS: Record<ReviewState, string> = { none: 'gray', draft: 'blue', revision: 'orange', approved: 'teal' };

/**
 * A page's review state (pages.review_state: the latest version's) in the user's language: Aucune version,
 * Brouillon, En révision, Approuvé. The colour as a dot, the text dark on white like StatusBadge (AA on any row).
 */
export function ReviewStateBadge({ state, testId }: { state: ReviewState; testId?: string }) {
  const { t } = useTranslation(NS);
  return (
    <Badge
      variant="dot"
      color={REVIEW_STATE_COLORS[state] ?? 'gray'}
      tt="none"
      c="dark.7"
      bg="white"
      miw="max-content"
      data-testid={testId}
      data-state={state}
    >
      {t(`reviewState.${state}`)}
    </Badge>
  );
}
