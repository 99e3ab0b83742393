import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFound, PlaceholderScreen, RouteErrorBoundary } from '@citable/shared';
import { patterns, type ScreenKey } from '../config/paths';

const pageLoader = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

const ToneArticlesScreen = lazyPage(
  () => import('../features/tone-articles/components/ToneArticlesScreen').then((m) => m.ToneArticlesScreen),
  pageLoader,
);

const SitesListPage = lazyPage(() => import('../features/sites/components/SitesListPage').then((m) => m.SitesListPage), pageLoader);
const SiteDetailPage = lazyPage(() => import('../features/sites/components/SiteDetailPage').then((m) => m.SiteDetailPage), pageLoader);
const PageVersionsPage = lazyPage(
  () => import('../features/page-versions/components/PageVersionsPage').then((m) => m.PageVersionsPage),
  pageLoader,
);
const PagesListPage = lazyPage(() => import('../features/pages/components/PagesListPage').then((m) => m.PagesListPage), pageLoader);
const PageDetailPage = lazyPage(() => import('../features/pages/components/PageDetailPage').then((m) => m.PageDetailPage), pageLoader);
const KeywordsPage = lazyPage(() => import('../features/keywords/components/KeywordsPage').then((m) => m.KeywordsPage), pageLoader);
const LlmAnswersPage = lazyPage(() => import('../features/llm-answers/components/LlmAnswersPage').then((m) => m.LlmAnswersPage), pageLoader);
const VisibilityPage = lazyPage(() => import('../features/visibility/components/VisibilityPage').then((m) => m.VisibilityPage), pageLoader);
const BriefPage = lazyPage(() => import('../features/brief/components/BriefPage').then((m) => m.BriefPage), pageLoader);
const ArticlesScreen = lazyPage(() => import('../features/articles/components/ArticlesScreen').then((m) => m.ArticlesScreen), pageLoader);
const ImagesPage = lazyPage(() => import('../features/images/components/ImagesPage').then((m) => m.ImagesPage), pageLoader);
const InboxScreen = lazyPage(() => import('../features/inbox/components/InboxScreen').then((m) => m.InboxScreen), pageLoader);

/** Screens built so far (lazy, each with its error boundary from lazyPage). */
const SCREENS: Partial<Record<ScreenKey, ReactNode>> = {
  dashboard: <SitesListPage />,
  sites: <SitesListPage />,
  site: <SiteDetailPage />,
  pageVersions: <PageVersionsPage />,
  pages: <PagesListPage />,
  page: <PageDetailPage />,
  keywords: <KeywordsPage />,
  llmAnswers: <LlmAnswersPage />,
  images: <ImagesPage />,
  brief: <BriefPage />,
  visibility: <VisibilityPage />,
  toneArticles: <ToneArticlesScreen />,
  inbox: <InboxScreen />,
  articles: <ArticlesScreen />,
};

/** Screens still to build (docs/product-rules.md#screens): a labelled placeholder each, until its issue lands. */
const PLACEHOLDERS: Record<
  Exclude<ScreenKey, 'toneArticles' | 'dashboard' | 'sites' | 'site' | 'pages' | 'page' | 'pageVersions' | 'keywords' | 'llmAnswers' | 'images' | 'brief' | 'inbox' | 'articles' | 'visibility'>,
  string
> = {
};

/**
 * The workspace's own route table. The shell mounts the remote on its areas without a path of its own,
 * so these absolute patterns match the whole URL; each screen has its error boundary.
 */
export function WorkspaceRoutes() {
  return (
    <div data-testid="workspace-app" style={{ display: 'contents' }}>
      <Routes>
        {(Object.keys(SCREENS) as ScreenKey[]).map((key) => (
          <Route key={key} path={patterns[key]} element={SCREENS[key]} />
        ))}
        {(Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[]).map((key) => (
          <Route
            key={key}
            path={patterns[key]}
            element={
              <RouteErrorBoundary>
                <PlaceholderScreen screen={`workspace · ${PLACEHOLDERS[key]}`} path={patterns[key]} />
              </RouteErrorBoundary>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
