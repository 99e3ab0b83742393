import { SimpleGrid, Text } from '@mantine/core';
import { sanitizeArticleHtml } from '../utils/sanitize';

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

/** The two versions next to each other (replaced by the shared SideBySideDiff once it exists). */
export default function ChangesDiff({ before, after, beforeLabel, afterLabel }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="changes-diff">
      {[
        [beforeLabel, before],
        [afterLabel, after],
      ].map(([label, html]) => (
        <div key={label}>
          <Text fw={700} size="sm" mb={4}>
            {label}
          </Text>
          <div className="cv-prose" style={{ fontSize: 15, maxHeight: 500, overflow: 'auto' }} dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(html) }} />
        </div>
      ))}
    </SimpleGrid>
  );
}
