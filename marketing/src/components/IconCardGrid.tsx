import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { IconCard } from '../content/types';
import { ContentIcon } from './ContentIcon';

/** Feature cards, benefits or process steps: icon, title, description. */
export function IconCardGrid({ items, columns = 3, numbered = false }: { items: IconCard[]; columns?: 2 | 3 | 4; numbered?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg" component="ul" className="cz-plain-list">
      {items.map((item, index) => (
        <Card component="li" key={item.title} withBorder radius="lg" padding="xl" className="cz-card">
          <ContentIcon icon={item.icon} />
          <Title order={3} fz="lg" mt="md" mb={6}>
            {numbered && !/^\d/.test(item.title) ? `${index + 1}. ${item.title}` : item.title}
          </Title>
          <Text c="dimmed" size="sm" lh={1.6}>{item.description}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
