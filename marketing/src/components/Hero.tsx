import type { ReactNode } from 'react';
import { Badge, Box, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { HeroCopy } from '../content/types';
import { IconCheck } from './icons';

export interface HeroProps {
  copy: HeroCopy;
  actions: ReactNode;
  /** shown under the actions (reassurance line) */
  note?: string;
  /** right-hand illustration; the hero is single-column without it */
  aside?: ReactNode;
}

export function Hero({ copy, actions, note, aside }: HeroProps) {
  const text = (
    <Stack gap="lg" align={aside ? 'flex-start' : 'center'} ta={aside ? 'left' : 'center'}>
      <Badge size="lg" variant="light" radius="sm">{copy.eyebrow}</Badge>
      <Title order={1} fz={{ base: 34, sm: 44, md: 54 }} lh={1.08} fw={800} className="cz-hero-title">
        {copy.title}
      </Title>
      <Text fz={{ base: 'lg', md: 20 }} c="dimmed" maw={640} lh={1.55}>
        {copy.subtitle}
      </Text>
      {copy.bullets && (
        <List spacing={6} center icon={<ThemeIcon size={22} radius="xl" color="teal"><IconCheck size={14} aria-hidden /></ThemeIcon>} className="cz-hero-bullets">
          {copy.bullets.map((bullet) => <List.Item key={bullet} fw={600}>{bullet}</List.Item>)}
        </List>
      )}
      <Group gap="sm" justify={aside ? 'flex-start' : 'center'} className="cz-actions">{actions}</Group>
      {note && <Text size="sm" c="dimmed">{note}</Text>}
    </Stack>
  );
  return (
    <Box component="header" className="cz-hero">
      <Container size="lg" py={{ base: 56, md: 96 }}>
        {aside ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} style={{ alignItems: 'center' }}>
            {text}
            <Box>{aside}</Box>
          </SimpleGrid>
        ) : (
          text
        )}
      </Container>
    </Box>
  );
}
