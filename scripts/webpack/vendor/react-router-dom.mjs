// Module-federation facade of react-router-dom (share key 'react-router-dom'; see ./README.md).
// The whole declarative API a remote can use inside the shell's router — <Routes>, <Route>, links,
// every hook and the path helpers — listed once, so that it does not change when an app starts using
// another hook: a remote released alone can use any of these with the shell already on the page.
// Left out: the routers other than the shell's BrowserRouter (a remote never renders a router of its
// own), and the data-router and framework APIs (createBrowserRouter, loaders, actions, fetchers,
// <Form>, <ScrollRestoration>…): the platform routes declaratively, and they would more than double
// the download.
export {
  BrowserRouter, Link, NavLink, Navigate, NavigationType, Outlet, Route, Routes,
  createPath, createRoutesFromChildren, createRoutesFromElements, createSearchParams, generatePath, matchPath,
  matchRoutes, parsePath, renderMatches, resolvePath,
  useBeforeUnload, useHref, useInRouterContext, useLinkClickHandler, useLocation, useMatch, useNavigate,
  useNavigationType, useOutlet, useOutletContext, useParams, useResolvedPath, useRoutes, useSearchParams
} from 'citable-vendor-impl/react-router-dom';
