import { useId, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { contentToText, truncateText } from '../utils/toneArticles';

/** A tone article's content as text: long ones cut, with Show more / Show less. */
export function ToneArticleContent({ content }: { content: string | null }) {
  const { t } = useTranslation(NS);
  const [isExpanded, setIsExpanded] = useState(false);
  const id = useId();
  const text = contentToText(content);
  if (!text) {
    return (
      <Text size="sm" c="gray.7" fs="italic">
        {t('noContent')}
      </Text>
    );
  }
  const preview = truncateText(text);
  return (
    <div>
      <Text id={id} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="tone-article-content">
        {isExpanded || !preview.isTruncated ? text : preview.text}
      </Text>
      {preview.isTruncated && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="brand.8"
          aria-expanded={isExpanded}
          aria-controls={id}
          onClick={() => setIsExpanded((value) => !value)}
        >
          {isExpanded ? t('showLess') : t('showMore')}
        </Anchor>
      )}
    </div>
  );
}
