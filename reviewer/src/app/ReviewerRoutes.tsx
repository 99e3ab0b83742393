import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFound, RouteErrorBoundary } from '@citable/shared';
import { patterns } from '../config/paths';

import { ArticleLoading } from '../features/article/components/ArticleLoading';

const ArticleViewerPage = lazyPage(
  () => import('../features/article/components/ArticleViewerPage').then((m) => m.default),
  <ArticleLoading />,
);

const VisibilityReportPage = lazyPage(() => import('../features/report/components/VisibilityReportPage').then((m) => m.default), <ArticleLoading />);

/** The reviewer's own route table: absolute patterns (the shell mounts it without a path of its own). */
export function ReviewerRoutes() {
  return (
    <Routes>
      <Route
        path={patterns.view}
        element={
          <RouteErrorBoundary>
            <div data-testid="reviewer-app" style={{ display: 'contents' }}>
              <ArticleViewerPage />
            </div>
          </RouteErrorBoundary>
        }
      />
      <Route
        path={patterns.report}
        element={
          <RouteErrorBoundary>
            <div data-testid="reviewer-app" style={{ display: 'contents' }}>
              <VisibilityReportPage />
            </div>
          </RouteErrorBoundary>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
