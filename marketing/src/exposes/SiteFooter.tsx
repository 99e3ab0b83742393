import { lazy, Suspense } from 'react';
import { i18n } from '@citable/shared';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { registerMarketingI18n } from '../i18n';
import { toLocale } from '../lib/locale';
import { loadLocaleContent } from '../locales/load';
import '../app/marketing.css';

registerMarketingI18n(i18n);

/** The footer, once the current language's copy has arrived (the marketing pages' one chunk per language). */
const Footer = lazy(async () => {
  const [{ Footer: component }] = await Promise.all([
    import('../components/Footer'),
    loadLocaleContent(toLocale(i18n.resolvedLanguage ?? i18n.language), i18n),
  ]);
  return { default: component };
});

/**
 * Exposed as `marketing/SiteFooter`: the public site's footer for the shell's own public screens (/auth),
 * so every public page ends the same way. Nothing is shown while it loads or if it cannot.
 */
export default function SiteFooter() {
  return (
    <div data-app="marketing-footer" style={{ display: 'contents' }}>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
