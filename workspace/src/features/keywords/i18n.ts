// The texts of the keywords screen, in the 'keywords' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'keywords';

addTranslations(NS, { fr, en });
