import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SideBySideDiff, type SideBySideDiffLabels } from '@citable/shared/diff';
import { NS } from '../i18n';
import { articleLines } from '../utils/readableText';

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

/**
 * The version the client sent back next to this one (the shared SideBySideDiff: two aligned panes, one
 * column with insertions and deletions marked on a phone), compared as the text a reader sees.
 */
export default function ChangesDiff({ before, after, beforeLabel, afterLabel }: Props) {
  const { t } = useTranslation(NS);
  const previous = useMemo(() => articleLines(before), [before]);
  const current = useMemo(() => articleLines(after), [after]);
  const labels = useMemo<Partial<SideBySideDiffLabels>>(
    () => ({
      region: t('changes.region'),
      deleted: t('changes.deleted'),
      added: t('changes.added'),
      line: t('changes.line'),
      showUnchanged: (count: number) => t('changes.showUnchanged', { count }),
      approximate: t('changes.approximate'),
    }),
    [t],
  );
  return (
    <div data-testid="changes-diff">
      <SideBySideDiff
        previous={previous}
        current={current}
        previousLabel={beforeLabel}
        currentLabel={afterLabel}
        identicalText={t('changes.identical')}
        labels={labels}
      />
    </div>
  );
}
