/** A content score as a badge: the number and its level in words, coloured by level (not colour alone). */
import './i18n';
import type { CSSProperties } from 'react';
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { LEVEL_COLOR, LEVEL_TEXT, scoreLevel } from './scoreLevel';

export interface ScoreBadgeProps {
  score: number | null | undefined;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** the number only (tables): the level is in the accessible name and the tooltip */
  compact?: boolean;
  testId?: string;
}

export function ScoreBadge({ score, size = 'sm', compact = false, testId = 'content-score' }: ScoreBadgeProps) {
  const { t } = useTranslation(NS);
  if (score === null || score === undefined) {
    return (
      <Text size="sm" c="gray.7" component="span" data-testid={testId} data-score="">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('none')}</VisuallyHidden>
      </Text>
    );
  }
  const level = scoreLevel(score);
  const levelText = t(`level.${level}`);
  return (
    <Badge
      size={size}
      variant="light"
      color={LEVEL_COLOR[level]}
      // relative: the visually hidden label is positioned against the badge, so a table's horizontal scroll
      // clips it (against the page, it made the whole page as wide as the table on a phone)
      style={{ '--badge-color': LEVEL_TEXT[level], textTransform: 'none', overflow: 'visible', flexShrink: 0, position: 'relative' } as CSSProperties}
      title={t('label', { score, level: levelText })}
      data-testid={testId}
      data-score={score}
      data-level={level}
    >
      <VisuallyHidden>{t('label', { score, level: levelText })}</VisuallyHidden>
      <span aria-hidden>{compact ? score : t('badge', { score, level: levelText })}</span>
    </Badge>
  );
}
