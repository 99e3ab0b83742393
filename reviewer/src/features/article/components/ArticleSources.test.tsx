import { render, screen, within } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { ArticleSources } from './ArticleSources';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

describe('the Sources list of /view', () => {
  it('numbers each source, links it in a new tab without referrer or endorsement, title or domain', async () => {
    await i18n.changeLanguage('fr');
    render(
      <CitableProviders>
        <ArticleSources
          sources={[
            { n: 1, url: 'https://a.example/levain', title: 'Le levain naturel' },
            { n: 4, url: 'https://www.d.example/x', title: null },
          ]}
        />
      </CitableProviders>,
    );
    const section = screen.getByRole('region', { name: 'Sources' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => [li.id, li.getAttribute('value')])).toEqual([
      ['cv-source-1', '1'],
      ['cv-source-4', '4'],
    ]);
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['https://a.example/levain', '_blank', 'noopener noreferrer nofollow'],
      ['https://www.d.example/x', '_blank', 'noopener noreferrer nofollow'],
    ]);
    expect(links[0]).toHaveAccessibleName('Le levain naturel (s’ouvre dans un nouvel onglet)');
    expect(links[1]).toHaveAccessibleName('d.example (s’ouvre dans un nouvel onglet)');
    expect(items[1].textContent).toContain('[4]');
  });

  it('shows nothing without sources', () => {
    const { container } = render(
      <CitableProviders>
        <ArticleSources sources={[]} />
      </CitableProviders>,
    );
    expect(container.querySelector('[data-testid="article-sources"]')).toBeNull();
  });

  it('texts of the sources and the unsupported claims: French typography, the same keys in English', () => {
    const mine = (d: typeof fr | typeof en) => ({ sources: d.sources, unsupported: d.unsupported, state: d.state, bar: d.bar });
    expect(frenchTypographyIssues(stringsOf(mine(fr)))).toEqual([]);
    expect(keyPathsOf(mine(en)).sort()).toEqual(keyPathsOf(mine(fr)).sort());
  });
});
