// The two-factor section's texts, merged into the 'shell' namespace by the settings chunk that shows
// them (not part of every public page's first download).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('shell', { fr, en });
