import { Accordion, Stack, Title } from '@mantine/core';
import type { FaqItem } from '../content/types';

function Items({ items }: { items: FaqItem[] }) {
  return items.map((item) => (
    <Accordion.Item key={item.question} value={item.question}>
      <Accordion.Control>{item.question}</Accordion.Control>
      <Accordion.Panel>{item.answer}</Accordion.Panel>
    </Accordion.Item>
  ));
}

/**
 * FAQ accordion: one item open at a time, and the open item closes again on click
 * (Mantine's single-value Accordion). Items with a category are grouped under it,
 * still in one accordion so only one answer is open on the whole list.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const categories = Array.from(new Set(items.map((item) => item.category).filter((c): c is string => Boolean(c))));
  return (
    <Accordion variant="separated" radius="md" maw={820} mx="auto" className="cz-faq" transitionDuration={200}>
      {categories.length === 0 ? (
        <Items items={items} />
      ) : (
        <Stack gap="xl">
          {categories.map((category) => (
            <Stack key={category} gap="sm">
              <Title order={3} fz="lg">{category}</Title>
              <Items items={items.filter((item) => item.category === category)} />
            </Stack>
          ))}
        </Stack>
      )}
    </Accordion>
  );
}
