/** Texts of the content score badge (a cross-feature component: page list, page detail, versions). */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'contentScore';

addTranslations(NS, { fr, en });
