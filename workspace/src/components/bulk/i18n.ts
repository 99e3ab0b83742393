/** Texts of the bulk import and the content export (a cross-feature component, issue 32), in the 'bulk' namespace. */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'bulk';

addTranslations(NS, { fr, en });
