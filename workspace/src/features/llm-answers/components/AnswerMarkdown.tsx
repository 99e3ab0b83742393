import { Anchor, Blockquote, Code, List, Text, Title, Typography } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';

// react-markdown's defaults are kept on purpose: raw HTML is not rendered (it shows as text), and its
// urlTransform empties javascript:/vbscript:/data: URLs. Links open elsewhere, without the opener.
const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow ugc" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Anchor>
    ) : (
      <Text span>{children}</Text>
    ),
  // images of an answer are not loaded (tracking pixels, mixed content): their text only
  img: ({ alt }) => (alt ? <Text span c="gray.7">[{alt}]</Text> : null),
  h1: ({ children }) => <Title order={3} size="h5">{children}</Title>,
  h2: ({ children }) => <Title order={4} size="h5">{children}</Title>,
  h3: ({ children }) => <Title order={5} size="h6">{children}</Title>,
  h4: ({ children }) => <Title order={6} size="h6">{children}</Title>,
  ul: ({ children }) => <List size="sm" spacing={2} withPadding>{children}</List>,
  ol: ({ children }) => <List type="ordered" size="sm" spacing={2} withPadding>{children}</List>,
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => <Blockquote p="xs">{children}</Blockquote>,
  code: ({ children }) => <Code>{children}</Code>,
};

/** An answer's Markdown, rendered inert (no raw HTML, no script URLs). */
export function AnswerMarkdown({ markdown }: { markdown: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="answer-markdown">
      <Markdown components={COMPONENTS}>{markdown}</Markdown>
    </Typography>
  );
}
