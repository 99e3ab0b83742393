import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { PageErrorPanel } from './ErrorPanel';

/**
 * Shows the error panel with a Retry button when the page below fails to render; the next page
 * (another location) renders normally again.
 */
export function RouteErrorBoundary({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      label={pathname}
      fallback={(error, reset) => (
        <PageErrorPanel
          error={error}
          onRetry={() => {
            onRetry?.();
            reset();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * A route's page whose code is downloaded when it is first shown: `fallback` meanwhile, and the error
 * panel if the download or the render fails, whose Retry downloads the page again (a failed
 * `React.lazy` would otherwise keep its error).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): ComponentType<P> {
  const create = () => lazy(async () => ({ default: await load() }));
  let shared = create();
  return function LazyPage(props: P) {
    const [Page, setPage] = useState(() => shared);
    return (
      <RouteErrorBoundary
        onRetry={() => {
          shared = create();
          setPage(() => shared);
        }}
      >
        <Suspense fallback={fallback}>
          <Page {...props} />
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}
