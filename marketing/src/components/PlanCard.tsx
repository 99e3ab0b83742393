import type { ReactNode } from 'react';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PricingPlan } from '../content/types';
import { useMarketingT } from '../lib/locale';
import { IconCheck } from './icons';

/**
 * One pricing card; the action (link to /auth, claim button...) is given by the page. `lone`: the page's
 * only offer, which is "most popular" among nothing — no badge then. Cards side by side go in a
 * `PLAN_ROW` grid: their parts line up across the row (marketing.css), so the buttons share one height.
 */
export function PlanCard({ plan, action, footnote, lone = false }: { plan: PricingPlan; action: ReactNode; footnote?: ReactNode; lone?: boolean }) {
  const { t } = useMarketingT();
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      className={plan.isPopular ? 'cz-plan cz-plan--popular' : 'cz-plan'}
      data-plan={plan.name}
    >
      <Stack gap="md" h="100%" className="cz-plan-body">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="xl">{plan.name}</Title>
          {plan.isPopular && !lone && <Badge variant="filled" radius="sm">{t('common.mostPopular')}</Badge>}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={40} fw={800} lh={1}>{plan.price}</Text>
          <Text c="dimmed" size="sm">{plan.priceSuffix}</Text>
        </Group>
        <Text c="dimmed" size="sm">{plan.description}</Text>
        <List spacing={8} size="sm" center icon={<ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={13} aria-hidden /></ThemeIcon>} style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => <List.Item key={feature}>{feature}</List.Item>)}
        </List>
        <Stack gap="md" className="cz-plan-action">
          {action}
          {footnote && <Text size="xs" c="dimmed" ta="center">{footnote}</Text>}
        </Stack>
      </Stack>
    </Card>
  );
}

/** Class of the grid that holds plan cards side by side (their headers, prices, lists and buttons line up). */
export const PLAN_ROW = 'cz-plan-row';
