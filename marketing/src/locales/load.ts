import type { i18n as I18n } from 'i18next';
import { loadOnce, type LoadOnce } from '@citable/shared';
import type { Locale } from '../content/types';
import type { MarketingResources } from '../i18n/types';
import { MARKETING_NS } from '../i18n/namespace';
import type en from './en';

/** One language's messages and typed content (the English module's shape, messages widened). */
export type LocaleContent = Omit<typeof en, 'messages'> & { messages: MarketingResources };

const importers: Record<Locale, () => Promise<{ default: LocaleContent }>> = {
  en: () => import(/* webpackChunkName: "locale-en" */ './en'),
  fr: () => import(/* webpackChunkName: "locale-fr" */ './fr'),
};

const loaded = new Map<Locale, LocaleContent>();
const chunks = new Map<Locale, LoadOnce<LocaleContent>>();
const listeners = new Set<() => void>();
let version = 0;

/** Makes a language's content current for `instance` (its messages join the marketing namespace). */
export function provideLocaleContent(locale: Locale, content: LocaleContent, instance: I18n): void {
  instance.addResourceBundle(locale, MARKETING_NS, content.messages, true, true);
  loaded.set(locale, content);
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Downloads a language's chunk once (a failed download is retried on the next call) and provides it.
 * The public pages wait for it with their own chunk, so the first render has its copy.
 */
export function loadLocaleContent(locale: Locale, instance: I18n): Promise<LocaleContent> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let chunk = chunks.get(locale);
  if (!chunk) {
    chunk = loadOnce(async () => {
      const { default: content } = await importers[locale]();
      provideLocaleContent(locale, content, instance);
      return content;
    });
    chunks.set(locale, chunk);
  }
  return chunk();
}

export const loadedLocaleContent = (locale: Locale): LocaleContent | undefined => loaded.get(locale);

/** A language already downloaded, to keep showing while another one arrives. */
export const anyLoadedLocale = (): Locale | undefined => loaded.keys().next().value;

export function subscribeLocaleContent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const localeContentVersion = (): number => version;
