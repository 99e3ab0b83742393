import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { i18n, NotFound } from '@citable/shared';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { paths, routeKeys, type RouteKey } from '../config/paths';
import { ClaimDialogProvider } from '../features/claim/hooks/useClaimDialog';
import { registerMarketingI18n } from '../i18n';
import { toLocale, useMarketingT } from '../lib/locale';
import { loadLocaleContent } from '../locales/load';
import { PrerenderHandoff } from './PrerenderHandoff';
import { pageLoaders } from './routes';
import { usePageMeta } from './usePageMeta';
import './marketing.css';

registerMarketingI18n(i18n);

/**
 * `?lng=en|fr` (the hreflang alternates of every page, and what the shell server prerenders for) picks
 * the language, before the first render so the interactive page matches the prerendered one.
 */
function applyLanguageFromQuery() {
  if (typeof window === 'undefined') return;
  const lng = new URLSearchParams(window.location.search).get('lng')?.slice(0, 2).toLowerCase();
  if ((lng === 'fr' || lng === 'en') && i18n.resolvedLanguage !== lng) void i18n.changeLanguage(lng);
}
applyLanguageFromQuery();

/** A page renders once its chunk and the current language's copy (one chunk per language) have arrived. */
const pages = Object.fromEntries(
  routeKeys.map((key) => [
    key,
    lazy(async () => {
      const [page] = await Promise.all([pageLoaders[key](), loadLocaleContent(toLocale(i18n.resolvedLanguage ?? i18n.language), i18n)]);
      return page;
    }),
  ]),
) as Record<RouteKey, LazyExoticComponent<ComponentType>>;

function PageLoader() {
  const { t } = useMarketingT();
  return <Center mih="60vh"><Loader role="status" aria-label={t('loading')} /></Center>;
}

function PageError({ retry }: { retry: () => void }) {
  const { t } = useMarketingT();
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md">
        <PrerenderHandoff />
        <Text fw={600}>{t('error.title')}</Text>
        <Button variant="light" onClick={retry}>{t('error.retry')}</Button>
      </Stack>
    </Center>
  );
}

/** The not-found screen, then the site's footer once the language's copy has arrived. */
const NotFoundFooter = lazy(async () => {
  const [{ Footer }] = await Promise.all([
    import('../components/Footer'),
    loadLocaleContent(toLocale(i18n.resolvedLanguage ?? i18n.language), i18n),
  ]);
  return { default: Footer };
});

function MarketingPage({ routeKey }: { routeKey: RouteKey }) {
  const { content } = useMarketingT();
  usePageMeta(routeKey, content);
  const Page = pages[routeKey];
  return (
    <ErrorBoundary key={routeKey} fallback={(retry) => <PageError retry={retry} />}>
      <Suspense fallback={<PageLoader />}>
        <Page />
        <PrerenderHandoff />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The public pages of the marketing remote: the shell mounts it on every URL it does not route
 * itself, and the remote routes inside with the typed table of config/paths.ts — a new public page is
 * a release of this remote alone. Unknown URLs get the not-found screen.
 */
export default function MarketingRoutes() {
  return (
    <ClaimDialogProvider>
      <Routes>
        {routeKeys.map((key) => (
          <Route key={key} path={paths[key]} element={<MarketingPage routeKey={key} />} />
        ))}
        <Route
          path="*"
          element={
            <>
              <PrerenderHandoff />
              <NotFound />
              <Suspense fallback={null}>
                <NotFoundFooter />
              </Suspense>
            </>
          }
        />
      </Routes>
    </ClaimDialogProvider>
  );
}
