import { matchPath, useLocation } from 'react-router-dom';
import { NotFound, PlaceholderScreen } from '@citable/shared';

/** The workspace screens (spec/app.md §2), matched on the shell's location. Placeholders for now. */
export const WORKSPACE_SCREENS: ReadonlyArray<{ pattern: string; screen: string }> = [
  { pattern: '/dashboard', screen: 'Sites list (Your Sites)' },
  { pattern: '/sites', screen: 'Sites list (Your Sites)' },
  { pattern: '/sites/:siteId', screen: 'Site detail' },
  { pattern: '/sites/:siteId/pages', screen: 'Page list' },
  { pattern: '/sites/:siteId/pages/:pageId', screen: 'Page detail' },
  { pattern: '/sites/:siteId/pages/:pageId/page-versions', screen: 'Page versions' },
  { pattern: '/sites/:siteId/pages/:pageId/keywords-for-page', screen: 'Keywords' },
  { pattern: '/sites/:siteId/pages/:pageId/llm-answers-for-page', screen: 'LLM answers' },
  { pattern: '/sites/:siteId/pages/:pageId/images', screen: 'Images' },
  { pattern: '/tone-articles', screen: 'Tone articles' },
];

export function WorkspaceRoutes() {
  const { pathname } = useLocation();
  const match = WORKSPACE_SCREENS.find(({ pattern }) => matchPath({ path: pattern, end: true }, pathname));
  if (!match) return <NotFound />;
  return (
    <div data-testid="workspace-app">
      <PlaceholderScreen screen={`workspace · ${match.screen}`} path={pathname} />
    </div>
  );
}
