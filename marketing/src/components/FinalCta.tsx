import type { ReactNode } from 'react';
import { Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** Closing call to action, optionally with numbered steps. */
export function FinalCta({ id, title, subtitle, steps, actions }: { id?: string; title: string; subtitle?: string; steps?: string[]; actions: ReactNode }) {
  return (
    <Container size="lg" py={{ base: 56, md: 88 }} component="section" id={id}>
      <Paper radius="xl" p={{ base: 28, md: 56 }} className="cz-final-cta">
        <Stack align="center" gap="lg" ta="center">
          <Title order={2} fz={{ base: 26, md: 36 }} c="white">{title}</Title>
          {subtitle && <Text c="brand.0" fz="lg" maw={620}>{subtitle}</Text>}
          {steps && (
            <SimpleGrid cols={{ base: 1, sm: steps.length }} spacing="md" component="ol" className="cz-plain-list" w="100%" maw={820}>
              {steps.map((step, index) => (
                <Group key={step} component="li" gap="sm" wrap="nowrap" justify="center">
                  <ThemeIcon radius="xl" size={32} color="white" c="brand.8" fw={800}>{index + 1}</ThemeIcon>
                  <Text c="white" fw={600} ta="left">{step}</Text>
                </Group>
              ))}
            </SimpleGrid>
          )}
          <Group justify="center" gap="sm" className="cz-actions">{actions}</Group>
        </Stack>
      </Paper>
    </Container>
  );
}
