// The texts of the brief screen, in the 'brief' namespace (French first, English beside it).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'brief';

addTranslations(NS, { fr, en });
