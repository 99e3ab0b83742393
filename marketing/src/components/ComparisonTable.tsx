import { Group, Text, ThemeIcon } from '@mantine/core';
import type { ComparisonRow, Rating, RatedText } from '../content/types';
import { useMarketingT } from '../lib/locale';
import { IconCheck, IconMinus, IconX } from './icons';

const ratingLook: Record<Rating, { color: string; Icon: typeof IconCheck }> = {
  good: { color: 'teal', Icon: IconCheck },
  neutral: { color: 'yellow', Icon: IconMinus },
  bad: { color: 'red', Icon: IconX },
};

export function RatingIcon({ rating }: { rating: Rating }) {
  const { t } = useMarketingT();
  const { color, Icon } = ratingLook[rating];
  return (
    <ThemeIcon size={22} radius="xl" color={color} variant="light" role="img" aria-label={t(`common.rating.${rating}`)} data-rating={rating}>
      <Icon size={14} stroke={2.4} aria-hidden />
    </ThemeIcon>
  );
}

function Cell({ value, highlight, label }: { value: RatedText; highlight?: boolean; label: string }) {
  return (
    // data-label: the column's name above the cell when the table stacks into cards on a phone
    <td className={highlight ? 'cz-compare-highlight' : undefined} data-label={label}>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <RatingIcon rating={value.rating} />
        <Text size="sm" fw={highlight ? 600 : 400}>{value.text}</Text>
      </Group>
    </td>
  );
}

/**
 * Comparison of the service against DIY tools (and freelance writers when the rows have it).
 * A plain table styled in marketing.css (`cz-table`): Mantine's Table drags ScrollArea and
 * floating-ui into every public page for its scroll container. Below 992 px it stacks into one card per
 * criterion (`cz-table-stack`), each answer under its column's name: nothing hides behind a sideways scroll.
 */
export function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  const { t } = useMarketingT();
  const hasFreelance = rows.some((row) => row.freelance);
  return (
    <div className="cz-table-scroll cz-table-stack">
      <table className="cz-table cz-table--roomy cz-compare" style={{ minWidth: hasFreelance ? 720 : 560 }}>
        <thead>
          <tr>
            <th scope="col">{t('sections.comparison.feature')}</th>
            <th scope="col" className="cz-compare-highlight">{t('sections.comparison.citable')}</th>
            {hasFreelance && <th scope="col">{t('sections.comparison.freelance')}</th>}
            <th scope="col">{t('sections.comparison.diy')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
              <Cell value={row.citable} highlight label={t('sections.comparison.citable')} />
              {hasFreelance && row.freelance && <Cell value={row.freelance} label={t('sections.comparison.freelance')} />}
              <Cell value={row.diy} label={t('sections.comparison.diy')} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
