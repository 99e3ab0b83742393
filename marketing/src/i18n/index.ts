import type { i18n as I18n } from 'i18next';
import en from './en';
import fr from './fr';
import { MARKETING_NS } from './namespace';

export { MARKETING_NS };
export const marketingResources = { en, fr } as const;

/** Adds the `marketing` namespace to an i18next instance (the shared one in the app, a fresh one in tests and prerender). */
export function registerMarketingI18n(instance: I18n): void {
  for (const [lng, res] of Object.entries(marketingResources)) {
    instance.addResourceBundle(lng, MARKETING_NS, res, true, true);
  }
}
