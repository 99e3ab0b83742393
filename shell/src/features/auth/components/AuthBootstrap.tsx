import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { initAuth } from '@citable/shared';

/**
 * Subscribes the one auth store to supabase-js (once per page; idempotent) before the
 * routes below render. Place it at the root of the route table.
 */
export function AuthBootstrap() {
  useEffect(() => {
    initAuth();
    // app-lifetime subscription: no cleanup (StrictMode's double effect stays a no-op)
  }, []);
  return <Outlet />;
}
