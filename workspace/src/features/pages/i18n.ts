/** The page list and page detail texts (docs/product-rules.md#screens, docs/product-rules.md#errors), in the 'pages' namespace (English = the spec's labels verbatim). */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'pages';

addTranslations(NS, { fr, en });
