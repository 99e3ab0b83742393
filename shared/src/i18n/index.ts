import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { loadLocaleResources } from './locale-resources.webpack';

export const SUPPORTED_LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'citable.lang';

const GLOBAL_KEY = '__citableI18n__';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: I18n };
const holder = globalThis as Holder;

function createI18n(): I18n {
  const instance = i18next.createInstance();
  const resources = loadLocaleResources();
  const namespaces = Array.from(new Set(Object.values(resources).flatMap((r) => Object.keys(r))));
  instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: namespaces.length > 0 ? namespaces : ['platform'],
      defaultNS: 'platform',
      fallbackNS: 'platform',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        // browser language, remembered once the user picks one in the header
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: false },
    });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng.slice(0, 2);
  });
  if (typeof document !== 'undefined' && instance.resolvedLanguage) {
    document.documentElement.lang = instance.resolvedLanguage;
  }
  return instance;
}

/** The one i18next instance of the page (remotes add their namespaces with addResourceBundle). */
export const i18n: I18n = holder[GLOBAL_KEY] ?? (holder[GLOBAL_KEY] = createI18n());

/** The current UI language, normalised to a supported one. */
export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

/** Adds (or extends) a namespace for both languages; used by remotes for their own texts. */
export function addTranslations(ns: string, bundles: Partial<Record<Language, Record<string, unknown>>>): void {
  for (const [lng, resources] of Object.entries(bundles)) {
    if (resources) i18n.addResourceBundle(lng, ns, resources, true, true);
  }
}
