/**
 * Build-time prerender of every public route (crawlable pages, spec issue 5).
 * For each route and language it renders the page with react-dom/server inside MantineProvider,
 * MemoryRouter and an i18next instance, and writes:
 *   dist/prerender/<route>.<lang>.html   the page body (inserted by the shell server into its outlet)
 *   dist/prerender/manifest.json         route → title, description, canonical, og, alternates, bodyFile (+ per-language entries)
 *   dist/prerender/marketing.css         the marketing CSS, so the page is styled without JavaScript
 *   dist/sitemap.xml, dist/robots.txt
 * The canonical base URL is SITE_URL (default http://localhost:3000); `path` is kept so a server can rebase it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { cssVariablesResolver, theme } from '@citable/shared';
import { pageLoaders } from '../src/app/routes';
import { noIndexRoutes, paths, routeKeys, type RouteKey } from '../src/config/paths';
import type { Locale } from '../src/content/types';
import { ClaimDialogProvider } from '../src/features/claim/hooks/useClaimDialog';
import { loadTestimonialCarousel } from '../src/components/DeferredTestimonialCarousel';
import { loadContactForm } from '../src/features/contact/components/DeferredContactForm';
import { MARKETING_NS, registerMarketingI18n } from '../src/i18n';
import en from '../src/locales/en';
import fr from '../src/locales/fr';
import { provideLocaleContent, type LocaleContent } from '../src/locales/load';
// only the Mantine styles the public pages use (the whole @mantine/core/styles.css is ~280 KB)
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Title.css';
import '@mantine/carousel/styles.css';
import '../src/app/marketing.css';

const LOCALES: Locale[] = ['fr', 'en'];
const contents: Record<Locale, LocaleContent> = { fr, en };
const DEFAULT_LOCALE: Locale = 'fr';
/** Routes whose content duplicates another one: their canonical points there. */
const canonicalOf: Partial<Record<RouteKey, RouteKey>> = { homeWhyAi: 'home' };

const appDir = path.resolve(__dirname, '../..');
const distDir = path.join(appDir, 'dist');
const outDir = path.join(distDir, 'prerender');
const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');

const abs = (p: string, locale?: Locale) => `${siteUrl}${p}${locale ? `?lng=${locale}` : ''}`;

interface Entry {
  path: string;
  lang: Locale;
  title: string;
  description: string;
  canonical: string;
  robots: string;
  og: { title: string; description: string; url: string; type: 'website'; image?: string; locale: string };
  alternates: { hreflang: 'fr' | 'en' | 'x-default'; href: string }[];
  bodyFile: string;
}

async function renderPage(key: RouteKey, locale: Locale): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: locale, fallbackLng: DEFAULT_LOCALE, ns: [MARKETING_NS], defaultNS: MARKETING_NS, resources: {}, interpolation: { escapeValue: false }, react: { useSuspense: false } });
  registerMarketingI18n(i18n);
  provideLocaleContent(locale, contents[locale], i18n);
  const { default: Page } = await pageLoaders[key]();
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <MemoryRouter initialEntries={[paths[key]]}>
          <ClaimDialogProvider>
            <Page />
          </ClaimDialogProvider>
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function entryFor(key: RouteKey, locale: Locale): Entry {
  const meta = contents[locale].pageMeta[key];
  const canonicalPath = paths[canonicalOf[key] ?? key];
  const url = locale === DEFAULT_LOCALE ? abs(canonicalPath) : abs(canonicalPath, locale);
  return {
    path: paths[key],
    lang: locale,
    title: meta.title,
    description: meta.description,
    canonical: url,
    robots: noIndexRoutes.has(key) ? 'noindex, follow' : 'index, follow',
    og: { title: meta.title, description: meta.description, url, type: 'website', locale: locale === 'fr' ? 'fr_FR' : 'en_GB' },
    alternates: [
      { hreflang: 'fr', href: abs(canonicalPath, 'fr') },
      { hreflang: 'en', href: abs(canonicalPath, 'en') },
      { hreflang: 'x-default', href: abs(canonicalPath) },
    ],
    bodyFile: `${key}.${locale}.html`,
  };
}

function sitemap(): string {
  const urls = routeKeys.filter((key) => !noIndexRoutes.has(key)).map((key) => {
    const p = paths[key];
    return [
      '  <url>',
      `    <loc>${abs(p)}</loc>`,
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(p, l).replace(/&/g, '&amp;')}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(p)}"/>`,
      `    <changefreq>${p === '/' ? 'weekly' : 'monthly'}</changefreq>`,
      `    <priority>${p === '/' ? '1.0' : '0.7'}</priority>`,
      '  </url>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

async function main() {
  // the landing pages render their contact form and testimonial carousel in the crawlable HTML (the
  // browser loads them near the viewport)
  await Promise.all([loadContactForm(), loadTestimonialCarousel()]);
  mkdirSync(outDir, { recursive: true });
  const manifest: Record<string, Entry & { locales: Record<Locale, Entry> }> = {};
  for (const key of routeKeys) {
    const locales = {} as Record<Locale, Entry>;
    for (const locale of LOCALES) {
      const html = await renderPage(key, locale);
      const entry = entryFor(key, locale);
      // forms are inert in the HTML: a page read without JavaScript cannot submit them natively; in a
      // browser the tap queue inlined after the copy (server/src/prerender-taps.js) makes them usable
      // and carries what the visitor typed into the live form when the page takes over
      writeFileSync(path.join(outDir, entry.bodyFile), html.replace(/<form(?=[\s>])/g, '<form inert=""'));
      locales[locale] = entry;
    }
    manifest[paths[key]] = { ...locales[DEFAULT_LOCALE], locales };
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ siteUrl, defaultLanguage: DEFAULT_LOCALE, styles: 'marketing.css', routes: manifest }, null, 2)}\n`);

  const builtCss = path.join(appDir, 'dist/prerender-build/marketing.css');
  // comments and indentation out (safe whitespace only: around braces and semicolons, and line breaks)
  if (existsSync(builtCss)) writeFileSync(path.join(outDir, 'marketing.css'), minifyCss(readFileSync(builtCss, 'utf8')));

  writeFileSync(path.join(distDir, 'sitemap.xml'), sitemap());
  const robots = readFileSync(path.join(appDir, 'public/robots.txt'), 'utf8').trimEnd();
  writeFileSync(path.join(distDir, 'robots.txt'), `${robots}\nSitemap: ${siteUrl}/sitemap.xml\n`);
  console.log(`prerendered ${routeKeys.length} routes × ${LOCALES.length} languages into ${path.relative(process.cwd(), outDir)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
