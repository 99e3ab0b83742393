import { Route, Routes } from 'react-router-dom';
import { NotFound, PlaceholderScreen, RouteErrorBoundary } from '@citable/shared';
import { patterns, type ScreenKey } from '../config/paths';

/** Screens still to build (spec/app.md §2): a labelled placeholder each, until its issue lands. */
const PLACEHOLDERS: Record<ScreenKey, string> = {
  dashboard: 'Sites list (Your Sites)',
  sites: 'Sites list (Your Sites)',
  site: 'Site detail',
  pages: 'Page list',
  page: 'Page detail',
  pageVersions: 'Page versions',
  keywords: 'Keywords',
  llmAnswers: 'LLM answers',
  images: 'Images',
  toneArticles: 'Tone articles',
};

/**
 * The workspace's own route table. The shell mounts the remote on its areas without a path of its own,
 * so these absolute patterns match the whole URL; each screen has its error boundary.
 */
export function WorkspaceRoutes() {
  return (
    <div data-testid="workspace-app" style={{ display: 'contents' }}>
      <Routes>
        {(Object.keys(PLACEHOLDERS) as ScreenKey[]).map((key) => (
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
