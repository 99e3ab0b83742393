import { Box, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** 'C' badge + 'Citable' + tagline, linking to '/'. */
/** `compact`: the tagline is hidden on the narrowest screens (<576px). */
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
        <Box lh={1.1}>
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
              visibleFrom={compact ? 'xs' : undefined}
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
