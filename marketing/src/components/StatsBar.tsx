import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Stat } from '../content/types';

export function StatsBar({ stats }: { stats: Stat[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" component="dl" className="cz-stats">
      {stats.map((stat) => (
        <Stack key={stat.label} gap={2} align="center">
          <Text component="dt" fz={{ base: 28, md: 36 }} fw={800} c="brand.7">{stat.value}</Text>
          <Text component="dd" m={0} size="sm" c="dimmed" ta="center">{stat.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
