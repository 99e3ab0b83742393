/** The feature's texts (docs/product-rules.md#screens "Tone articles", §8), registered once in the page's i18n instance. */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'toneArticles';

addTranslations(NS, { fr, en });
