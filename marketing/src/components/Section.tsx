import type { ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';

export interface SectionProps {
  id?: string;
  title?: string;
  subtitle?: string;
  children: ReactNode;
  /** alternate background to separate consecutive sections */
  tone?: 'plain' | 'muted' | 'brand';
  size?: 'md' | 'lg' | 'xl';
  /** less vertical padding (stat bars, logo strips) */
  isCompact?: boolean;
}

/** A landing-page section: anchor id, centred heading and content. */
export function Section({ id, title, subtitle, children, tone = 'plain', size = 'lg', isCompact = false }: SectionProps) {
  return (
    <Box component="section" id={id} className={`cz-section cz-section--${tone}`} aria-labelledby={title && id ? `${id}-title` : undefined}>
      <Container size={size} py={isCompact ? { base: 32, md: 48 } : { base: 56, md: 88 }}>
        {(title || subtitle) && (
          <Stack gap="xs" align="center" mb={{ base: 32, md: 48 }} maw={760} mx="auto">
            {title && (
              <Title order={2} id={id ? `${id}-title` : undefined} ta="center" fz={{ base: 26, md: 36 }} lh={1.2}>
                {title}
              </Title>
            )}
            {subtitle && (
              <Text ta="center" c="dimmed" fz={{ base: 'md', md: 'lg' }}>
                {subtitle}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Container>
    </Box>
  );
}
