// Texts of the frame shared by a page's sub-screens (keywords, LLM answers, images), namespace 'pageSubScreen'.
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'pageSubScreen';

addTranslations(NS, { fr, en });
