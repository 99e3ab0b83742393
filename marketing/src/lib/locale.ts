import { useTranslation } from 'react-i18next';
import type { Locale, Localized } from '../content/types';
import { MARKETING_NS } from '../i18n/namespace';

export function toLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

/** The marketing translator plus the current content locale. */
export function useMarketingT() {
  const { t, i18n } = useTranslation(MARKETING_NS);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return { t, locale, i18n };
}

/** Picks the current locale's version of a piece of typed content. */
export function useLocalized<T>(content: Localized<T>): T {
  const { locale } = useMarketingT();
  return content[locale];
}
