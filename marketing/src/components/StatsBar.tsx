import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Stat } from '../content/types';

/** Key figures in equal columns (as many as there are figures, up to 4); a figure never breaks ('+70 %'). */
export function StatsBar({ stats }: { stats: Stat[] }) {
  return (
    <SimpleGrid cols={{ base: Math.min(stats.length, 2), md: Math.min(stats.length, 4) }} spacing="lg" component="dl" className="cz-stats">
      {stats.map((stat) => (
        <Stack key={stat.label} gap={2} align="center">
          <Text component="dt" fz={{ base: 28, md: 36 }} fw={800} c="brand.7" style={{ whiteSpace: 'nowrap' }}>{stat.value}</Text>
          <Text component="dd" m={0} size="sm" c="dimmed" ta="center">{stat.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
