import { Route, Routes, useParams } from 'react-router-dom';
import { NotFound, PlaceholderScreen, RouteErrorBoundary } from '@citable/shared';
import { patterns } from '../config/paths';

/** The article viewer — a labelled placeholder until its issue lands. */
function ArticleViewerPlaceholder() {
  const { versionId = '' } = useParams();
  return (
    <div data-testid="reviewer-app" data-version-id={versionId}>
      <PlaceholderScreen screen={`reviewer · Article viewer (${versionId})`} path={patterns.view} />
    </div>
  );
}

/** The reviewer's own route table: absolute patterns (the shell mounts it without a path of its own). */
export function ReviewerRoutes() {
  return (
    <Routes>
      <Route
        path={patterns.view}
        element={
          <RouteErrorBoundary>
            <ArticleViewerPlaceholder />
          </RouteErrorBoundary>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
