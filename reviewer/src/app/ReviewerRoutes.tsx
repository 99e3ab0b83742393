import { matchPath, useLocation } from 'react-router-dom';
import { NotFound, PlaceholderScreen } from '@citable/shared';

/** The article viewer route (spec/app.md §2), matched on the shell's location. Placeholder for now. */
export function ReviewerRoutes() {
  const { pathname } = useLocation();
  const match = matchPath({ path: '/view/:versionId', end: true }, pathname);
  if (!match) return <NotFound />;
  return (
    <div data-testid="reviewer-app" data-version-id={match.params.versionId}>
      <PlaceholderScreen screen={`reviewer · Article viewer (${match.params.versionId ?? ''})`} path={pathname} />
    </div>
  );
}
