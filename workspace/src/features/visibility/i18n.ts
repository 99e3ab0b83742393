// The texts of the AI-visibility screen, in the 'visibility' namespace (issue 33).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'visibility';

addTranslations(NS, { fr, en });
