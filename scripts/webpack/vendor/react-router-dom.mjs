// Module-federation facade of react-router-dom (share key 'react-router-dom'; see ./README.md).
// The whole declarative API (React Router's "declarative mode": <BrowserRouter>, <Routes>, hooks and
// path helpers), listed once so that it does not change when an app starts using another hook: a
// remote released alone can use any of these with the shell already on the page. The data-router and
// framework APIs (createBrowserRouter, loaders, actions, fetchers, <Form>, <ScrollRestoration>…) are
// left out: the platform routes declaratively, and they would more than double the download.
export {
  BrowserRouter, HashRouter, Link, MemoryRouter, NavLink, Navigate, NavigationType, Outlet, Route, Router, Routes,
  UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext,
  createPath, createRoutesFromChildren, createRoutesFromElements, createSearchParams, generatePath, matchPath,
  matchRoutes, parsePath, renderMatches, resolvePath, unstable_HistoryRouter,
  useBeforeUnload, useHref, useInRouterContext, useLinkClickHandler, useLocation, useMatch, useNavigate,
  useNavigationType, useOutlet, useOutletContext, useParams, useResolvedPath, useRoutes, useSearchParams
} from 'citable-vendor-impl/react-router-dom';
