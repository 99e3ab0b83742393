// The sign-in extras' texts (two-factor code prompt, "resend the confirmation e-mail", page titles):
// merged into the 'auth' namespace by the lazy auth chunks that show them, so the public pages' first
// download does not carry them in both languages (the first-load budget of issue 19).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('auth', { fr, en });
