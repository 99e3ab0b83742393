/** Texts of the WordPress connection and publishing (a cross-feature component), registered once in the page's i18n instance. */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'wordpress';

addTranslations(NS, { fr, en });
