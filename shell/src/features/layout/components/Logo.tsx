import { Box, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './Logo.css';

/**
 * 'C' badge + 'Citable' + tagline, linking to '/'. The product name shows at every width; `compact`
 * hides the tagline below 768px (on a phone the header's buttons, the bell and the avatar need the room).
 * The link has one name, read in one go: what it shows, then 'accueil' — 'Citable, Contenu SEO x IA,
 * accueil' (WCAG 2.5.3: the visible label is part of the accessible name). The name and the tagline are
 * spans, not paragraphs: a bold line over a small one is no heading (axe p-as-heading).
 */
export function Logo({ withTagline = true, compact = false }: { withTagline?: boolean; compact?: boolean }) {
  const { t } = useTranslation('shell');
  const tagline = t('header.tagline');
  const name = withTagline ? t('header.homeLinkWithTagline', { tagline }) : t('header.homeLink');
  return (
    <UnstyledButton component={Link} to="/" aria-label={name} data-testid="header-logo" style={{ minWidth: 0 }}>
      <Group gap={10} wrap="nowrap">
        <ThemeIcon
          size={36}
          radius="md"
          variant="gradient"
          gradient={{ from: 'brand.6', to: 'brand.8', deg: 135 }}
          className="cz-logo-badge"
          style={{ flexShrink: 0 }}
          aria-hidden
        />
        <Box lh={1.1} style={{ minWidth: 0 }}>
          <Text component="span" display="block" fw={800} fz={18} lh={1.1}>
            Citable
          </Text>
          {/* a space between the two lines: the text reads 'Citable Contenu SEO x IA', as the name says */}
          {withTagline && ' '}
          {withTagline && (
            <Text
              component="span"
              display="block"
              fz={12}
              c="dimmed"
              visibleFrom={compact ? 'sm' : undefined}
              fw={500}
              lh={1.2}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="header-tagline"
            >
              {tagline}
            </Text>
          )}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
