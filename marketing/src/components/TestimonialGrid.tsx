import { SimpleGrid } from '@mantine/core';
import type { Testimonial } from '../content/types';
import { TestimonialCard } from './TestimonialCard';

export function TestimonialGrid({ items }: { items: Testimonial[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {items.map((item) => <TestimonialCard key={item.name} testimonial={item} />)}
    </SimpleGrid>
  );
}
