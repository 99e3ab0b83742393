// The profile page's texts, merged into the 'shell' namespace by the profile chunk that shows them
// (signed-in only: not part of every public page's first download).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('shell', { fr, en });
