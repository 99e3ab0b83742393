/** Texts of the run confirmation (a cross-feature component: batch and single article runs, research). */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'runEstimate';

addTranslations(NS, { fr, en });
