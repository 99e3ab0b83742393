/** The "Articles" work list texts (docs/operator-desk.md#where-work-stands), in the 'articles' namespace. */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'articles';

addTranslations(NS, { fr, en });
