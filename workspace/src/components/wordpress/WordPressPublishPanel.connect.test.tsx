/**
 * The WordPress panel of a page whose site has no connection: the reason and the link to connect one,
 * which sits inside the sentence and so must be underlined (axe link-in-text-block, WCAG 1.4.1: found by
 * e2e/tests/operator-loop.spec.ts on the versions screen of a page just taken in).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import { WordPressPublishPanel } from './WordPressPublishPanel';

const settled = (data: unknown) => ({ isPending: false, isError: false, isSuccess: true, data, error: null });
jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  usePageWordPress: () => settled({ wordpress_post_id: null, wordpress_status: null, wordpress_link: null, wordpress_published_at: null, wordpress_version: null }),
  useLatestApproved: () => settled(null),
  useConnection: () => settled(null),
  usePublish: () => ({ mutate: jest.fn(), isPending: false }),
}));

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

describe('WordPressPublishPanel without a connection', () => {
  afterEach(cleanup);

  it.each(['fr', 'en'])('says why publishing is off and links to the connection, underlined (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CitableProviders withNotifications={false}>
          <MemoryRouter>
            <WordPressPublishPanel siteId={7} pageId={12} />
          </MemoryRouter>
        </CitableProviders>
      </QueryClientProvider>,
    );
    const reason = screen.getByTestId('wordpress-publish-reason');
    const link = screen.getByTestId('wordpress-connect-link');
    expect(reason).toContainElement(link);
    expect(link).toHaveAttribute('href', '/sites/7#wordpress');
    // Mantine's Anchor: underline "always", not "hover" (the colour alone is 1.4:1 against the grey text)
    expect(link).toHaveAttribute('data-underline', 'always');
    expect(screen.getByRole('button', { name: lng === 'fr' ? /Publier/ : /Publish/ })).toBeDisabled();
  });
});
