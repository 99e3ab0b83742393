import { Box, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/**
 * 'C' badge + 'Citable' + tagline, linking to '/'.
 * `compact` (signed-out header, where the two buttons need the room): below 576px only the 'C' mark
 * shows — with the wordmark the header was 374px wide and scrolled sideways on 320–360px phones.
 * The link keeps its accessible name.
 */
export function Logo({ withTagline = true, compact = false }: { withTagline?: boolean; compact?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('header.home')} data-testid="header-logo">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'brand.6', to: 'brand.8', deg: 135 }}>
          <Text fw={800} fz={18} c="white" lh={1} aria-hidden>
            C
          </Text>
        </ThemeIcon>
        <Box lh={1.1} visibleFrom={compact ? 'xs' : undefined}>
          <Text fw={800} fz={18} lh={1.1}>
            Citable
          </Text>
          {withTagline && (
            <Text
              fz={11}
              c="dimmed"
              fw={500}
              lh={1.2}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="header-tagline"
            >
              {t('header.tagline')}
            </Text>
          )}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
