import { use, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../content/types';
import { MARKETING_NS } from '../i18n/namespace';
import {
  anyLoadedLocale,
  loadedLocaleContent,
  loadLocaleContent,
  localeContentVersion,
  subscribeLocaleContent,
  type LocaleContent,
} from '../locales/load';

export function toLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

/**
 * The marketing translator, the content locale and its content (undefined until a language has
 * arrived). After a language switch the page keeps the language it shows, text and content alike,
 * until the new language's chunk has arrived, then switches at once: no loader, no mixed languages.
 */
export function useMarketingT() {
  const { i18n } = useTranslation(MARKETING_NS);
  useSyncExternalStore(subscribeLocaleContent, localeContentVersion, localeContentVersion);
  const wanted = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const wantedContent = loadedLocaleContent(wanted);
  const locale = wantedContent ? wanted : (anyLoadedLocale() ?? wanted);
  useEffect(() => {
    if (!wantedContent) loadLocaleContent(wanted, i18n).catch((error: unknown) => console.error('[marketing] language chunk', wanted, error));
  }, [wanted, wantedContent, i18n]);
  const { t } = useTranslation(MARKETING_NS, { lng: locale });
  return { t, locale, i18n, content: loadedLocaleContent(locale) };
}

/** useMarketingT() for what renders copy: suspends until a language's content has arrived. */
export function useContent(): ReturnType<typeof useMarketingT> & { content: LocaleContent } {
  const marketing = useMarketingT();
  if (marketing.content) return { ...marketing, content: marketing.content };
  const content = use(loadLocaleContent(marketing.locale, marketing.i18n));
  return { ...marketing, content };
}
