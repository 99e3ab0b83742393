import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { Testimonial } from '../content/types';
import { avatarColor } from '../lib/avatarColor';
import { IconQuote, IconStarFilled } from './icons';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card withBorder radius="lg" padding="xl" h="100%" className="cz-card" component="figure" m={0}>
      <Stack justify="space-between" h="100%" gap="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <IconQuote size={28} aria-hidden color="var(--mantine-color-brand-4)" />
            <Group gap={2} aria-hidden>{Array.from({ length: 5 }, (_, i) => <IconStarFilled key={i} size={14} color="#f5b400" />)}</Group>
          </Group>
          <Text component="blockquote" m={0} lh={1.65}>{testimonial.quote}</Text>
        </Stack>
        <Group gap="sm" component="figcaption" wrap="nowrap">
          <Avatar radius="xl" color={avatarColor(testimonial.name)} variant="filled" aria-hidden>{testimonial.avatar}</Avatar>
          <div>
            <Text fw={700} size="sm">{testimonial.name}</Text>
            <Text c="dimmed" size="sm">{testimonial.title}</Text>
          </div>
        </Group>
      </Stack>
    </Card>
  );
}
