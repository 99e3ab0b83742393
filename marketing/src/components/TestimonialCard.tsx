import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { Testimonial } from '../content/types';
import { IconQuote } from './icons';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card withBorder radius="lg" padding="xl" h="100%" className="cz-card" component="figure" m={0}>
      <Stack justify="space-between" h="100%" gap="lg">
        <Stack gap="sm">
          <IconQuote size={28} aria-hidden color="var(--mantine-color-brand-4)" />
          <Text component="blockquote" m={0} lh={1.65}>{testimonial.quote}</Text>
        </Stack>
        <Group gap="sm" component="figcaption" wrap="nowrap">
          <Avatar radius="xl" color="brand" variant="filled" aria-hidden>{testimonial.avatar}</Avatar>
          <div>
            <Text fw={700} size="sm">{testimonial.name}</Text>
            <Text c="dimmed" size="xs">{testimonial.title}</Text>
          </div>
        </Group>
      </Stack>
    </Card>
  );
}
