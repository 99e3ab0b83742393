import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/** Founders story or author story: portrait discs and paragraphs. */
export function StoryBlock({ title, paragraphs, signature, initials }: { title: string; paragraphs: string[]; signature?: string; initials: string[] }) {
  return (
    <Card withBorder radius="lg" padding={0} className="cz-story" maw={960} mx="auto">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing={0}>
        <Group justify="center" align="center" p="xl" className="cz-story-portrait" gap="md">
          {initials.map((i) => <Avatar key={i} size={88} radius={88} color="brand" variant="filled" fz={28} aria-hidden>{i}</Avatar>)}
        </Group>
        <Stack gap="md" p={{ base: 'xl', md: 40 }} style={{ gridColumn: 'span 2' }} className="cz-story-text">
          <Title order={2} fz={{ base: 24, md: 30 }}>{title}</Title>
          {paragraphs.map((p) => <Text key={p.slice(0, 24)} lh={1.7}>{p}</Text>)}
          {signature && <Text fw={700} c="brand.7">{signature}</Text>}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
