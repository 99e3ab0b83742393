import { Card, Group, SimpleGrid, Text, Avatar } from '@mantine/core';
import type { ReviewShot } from '../content/types';
import { avatarColor } from '../lib/avatarColor';
import { IconCircleCheck, IconStarFilled } from './icons';

/** Client review "screenshots", drawn as review cards (no external images). */
export function ReviewShots({ items }: { items: ReviewShot[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: items.length >= 3 ? 3 : 2 }} spacing="lg" maw={items.length >= 3 ? undefined : 880} mx="auto">
      {items.map((review) => (
        <Card key={review.reviewer} withBorder radius="lg" padding="lg" shadow="sm" className="cz-review" component="figure" m={0}>
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" color={avatarColor(review.reviewer)} variant="filled" aria-hidden>{review.reviewer.slice(0, 1)}</Avatar>
              <div>
                <Text fw={700} size="sm">{review.reviewer}</Text>
                <Text size="xs" c="dimmed">{review.date}</Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap" className="cz-review-source">
              <IconCircleCheck size={14} aria-hidden color="var(--mantine-color-teal-8)" />
              <Text size="xs" c="dimmed" fw={600} style={{ whiteSpace: 'nowrap' }}>{review.source}</Text>
            </Group>
          </Group>
          <Group gap={2} mb="xs" role="img" aria-label={`${review.stars}/5`}>
            {Array.from({ length: review.stars }, (_, i) => <IconStarFilled key={i} size={16} color="#f5b400" aria-hidden />)}
          </Group>
          <Text component="blockquote" m={0} size="sm" lh={1.6}>{review.text}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
