/** The page list and page detail texts (spec/app.md §2, §8), in the 'pages' namespace (English = the spec's labels verbatim). */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'pages';

addTranslations(NS, { fr, en });
