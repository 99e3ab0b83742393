// The texts of the sites feature, in the 'sites' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import fr from './locales/fr.json';
import en from './locales/en.json';

addTranslations('sites', { fr, en });

export const NS = 'sites';
