// The bell's texts, merged into the 'shell' namespace by the signed-in chunk that shows the bell
// (not part of every public page's first download).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('shell', { fr, en });
