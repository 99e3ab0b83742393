import type { ReactNode } from 'react';
import { Box, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMarketingT } from '../lib/locale';
import { IconArrowRight, IconCheck, IconFileText, IconRobot, IconUserCheck } from './icons';

/** How-it-works diagram: AI research and writing on one side, human SEO expertise and editing on the other. */
export function AiVsHumanDiagram() {
  const { t } = useMarketingT();
  const ai = t('sections.aiVsHuman.aiItems', { returnObjects: true }) as string[];
  const human = t('sections.aiVsHuman.humanItems', { returnObjects: true }) as string[];
  const column = (title: string, items: string[], color: string, icon: ReactNode, testId: string) => (
    <Card withBorder radius="lg" padding="xl" className="cz-card" data-testid={testId}>
      <Stack gap="md">
        <ThemeIcon size={52} radius="md" color={color} variant="light">{icon}</ThemeIcon>
        <Title order={3} fz="lg">{title}</Title>
        <List spacing={8} size="sm" center icon={<ThemeIcon size={20} radius="xl" color={color} variant="light"><IconCheck size={13} aria-hidden /></ThemeIcon>}>
          {items.map((item) => <List.Item key={item}>{item}</List.Item>)}
        </List>
      </Stack>
    </Card>
  );
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" className="cz-diagram">
        {column(t('sections.aiVsHuman.aiTitle'), ai, 'violet', <IconRobot size={28} aria-hidden />, 'diagram-ai')}
        {column(t('sections.aiVsHuman.humanTitle'), human, 'teal', <IconUserCheck size={28} aria-hidden />, 'diagram-human')}
      </SimpleGrid>
      <Box className="cz-diagram-result">
        <IconArrowRight size={20} aria-hidden className="cz-diagram-arrow" />
        <ThemeIcon size={36} radius="md" color="brand"><IconFileText size={20} aria-hidden /></ThemeIcon>
        <Text fw={700}>{t('sections.aiVsHuman.result')}</Text>
      </Box>
    </Stack>
  );
}
