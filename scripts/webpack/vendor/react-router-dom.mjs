// Module-federation facade of react-router-dom (share key 'react-router-dom'; see ./README.md).
export {
  BrowserRouter, Link, NavLink, Navigate, Outlet, matchPath, useLocation, useNavigate, useRoutes
} from 'citable-vendor-impl/react-router-dom';
