// The texts of the images screen, in the 'images' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'images';

addTranslations(NS, { fr, en });
