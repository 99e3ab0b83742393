import type { i18n as I18n } from 'i18next';
import { MARKETING_NS } from './namespace';

export { MARKETING_NS };

/**
 * The few `marketing` messages shown before a language's chunk has arrived (page loader, page
 * error). The rest of the namespace comes with the language (../locales/load.ts).
 */
export const coreMessages = {
  en: { error: { title: 'This section could not be displayed.', retry: 'Retry' }, loading: 'Loading…' },
  fr: { error: { title: 'Cette section n’a pas pu s’afficher.', retry: 'Réessayer' }, loading: 'Chargement…' },
} as const;

/** Adds the core of the `marketing` namespace to an i18next instance (the shared one in the app, a fresh one in tests and prerender). */
export function registerMarketingI18n(instance: I18n): void {
  for (const [lng, res] of Object.entries(coreMessages)) {
    instance.addResourceBundle(lng, MARKETING_NS, res, true, true);
  }
}
