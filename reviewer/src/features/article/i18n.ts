// The texts of the article viewer, in the 'article' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import fr from './locales/fr.json';
import en from './locales/en.json';

addTranslations('article', { fr, en });

export const NS = 'article';
