import { Group, Table, Text, ThemeIcon } from '@mantine/core';
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

function Cell({ value, highlight }: { value: RatedText; highlight?: boolean }) {
  return (
    <Table.Td className={highlight ? 'cz-compare-highlight' : undefined}>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <RatingIcon rating={value.rating} />
        <Text size="sm" fw={highlight ? 600 : 400}>{value.text}</Text>
      </Group>
    </Table.Td>
  );
}

/** Comparison of the service against DIY tools (and freelance writers when the rows have it). */
export function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  const { t } = useMarketingT();
  const hasFreelance = rows.some((row) => row.freelance);
  return (
    <Table.ScrollContainer minWidth={hasFreelance ? 720 : 560}>
      <Table verticalSpacing="md" horizontalSpacing="md" className="cz-compare" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('sections.comparison.feature')}</Table.Th>
            <Table.Th scope="col" className="cz-compare-highlight">{t('sections.comparison.citable')}</Table.Th>
            {hasFreelance && <Table.Th scope="col">{t('sections.comparison.freelance')}</Table.Th>}
            <Table.Th scope="col">{t('sections.comparison.diy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.feature}>
              <Table.Th scope="row" fw={600}>{row.feature}</Table.Th>
              <Cell value={row.citable} highlight />
              {hasFreelance && row.freelance && <Cell value={row.freelance} />}
              <Cell value={row.diy} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
