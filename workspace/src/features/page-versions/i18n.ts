// The texts of the page versions screen, in the 'pageVersions' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import fr from './locales/fr.json';
import en from './locales/en.json';

addTranslations('pageVersions', { fr, en });

export const NS = 'pageVersions';
