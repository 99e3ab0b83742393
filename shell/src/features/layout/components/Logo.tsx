import { Box, Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/**
 * 'C' badge + 'Citable' + tagline, linking to '/'. The product name shows at every width; `compact`
 * (signed-out header, where the buttons need the room) hides the tagline below 768px.
 * The link is named by what it shows plus a hidden ', accueil' (WCAG 2.5.3: the visible label is part
 * of the accessible name).
 */
export function Logo({ withTagline = true, compact = false }: { withTagline?: boolean; compact?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <UnstyledButton component={Link} to="/" data-testid="header-logo">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'brand.6', to: 'brand.8', deg: 135 }}>
          <Text fw={800} fz={18} c="white" lh={1} aria-hidden>
            C
          </Text>
        </ThemeIcon>
        <Box lh={1.1}>
          <Text fw={800} fz={18} lh={1.1}>
            Citable
          </Text>
          {withTagline && (
            <Text
              fz={12}
              c="dimmed"
              visibleFrom={compact ? 'sm' : undefined}
              fw={500}
              lh={1.2}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="header-tagline"
            >
              {t('header.tagline')}
            </Text>
          )}
        </Box>
        <VisuallyHidden>{t('header.homeSuffix')}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
