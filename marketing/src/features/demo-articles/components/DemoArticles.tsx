import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Section } from '../../../components/Section';
import { IconArrowRight, IconFileText } from '../../../components/icons';
import { externalPaths } from '../../../config/paths';
import { useMarketingT } from '../../../lib/locale';
import { useNearViewport } from '../../../lib/useNearViewport';
import type { DemoArticle } from '../api/getDemoArticles';
import { useDemoArticles } from '../hooks/useDemoArticles';

const MAX_SHOWN = 6;

/** Placeholder cards while the list loads: the section keeps its place, the page below does not jump. */
function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" aria-hidden data-testid="demo-articles-loading">
      {[0, 1, 2].map((i) => <Card key={i} withBorder radius="md" className={`cz-card-placeholder cz-card-placeholder--${i}`} />)}
    </SimpleGrid>
  );
}

/**
 * "Example articles": links to the latest version of each demo page. Loaded when the section comes
 * near the viewport, in a section that holds one row of placeholder cards meanwhile; hidden when
 * empty or on error. One or two articles are centred instead of leaving empty columns.
 */
export function DemoArticles({ load }: { load?: () => Promise<DemoArticle[]> }) {
  const { t, locale } = useMarketingT();
  const sentinel = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(sentinel);
  const { articles, isLoading } = useDemoArticles(load, isNear);
  if (!isLoading && articles.length === 0) return null;
  if (isLoading) {
    return (
      <div ref={sentinel} data-testid="demo-articles-sentinel">
        <Section id="examples" title={t('sections.demo.title')} subtitle={t('sections.demo.subtitle')}>
          <LoadingCards />
        </Section>
      </div>
    );
  }
  const dateFormat = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium' });
  const shown = articles.slice(0, MAX_SHOWN);
  const columns = Math.min(shown.length, 3);
  return (
    <Section id="examples" title={t('sections.demo.title')} subtitle={t('sections.demo.subtitle')}>
      <SimpleGrid
        cols={{ base: 1, sm: Math.min(columns, 2), md: columns }}
        spacing="md"
        maw={columns === 1 ? 420 : columns === 2 ? 800 : undefined}
        mx="auto"
        data-testid="demo-articles"
      >
        {shown.map((article) => (
          <Card key={article.page_id} withBorder radius="md" padding="lg" className="cz-card">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={36}><IconFileText size={20} aria-hidden /></ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={700} lineClamp={2}>{article.page_name || t('sections.demo.title')}</Text>
                <Text size="xs" c="dimmed">{dateFormat.format(new Date(article.latest_version_date))}</Text>
                <Anchor component={Link} to={externalPaths.view(article.latest_version_id)} size="sm" fw={600} mt={6} display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
                  {t('sections.demo.read')} <IconArrowRight size={14} aria-hidden />
                </Anchor>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
