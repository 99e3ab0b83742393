// The 'auth' namespace (sign-in, sign-up, password, two-factor code, resend texts), in French and
// English: registered by the lazy modules that show them (the auth pages, the settings, the sign-out
// action, the form rules), so the public pages' first download does not carry it (the first-load
// budget of docs/architecture.md, issue 19).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('auth', { fr, en });
