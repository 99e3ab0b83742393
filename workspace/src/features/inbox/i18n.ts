/** The inbox's texts (docs/operator-desk.md "Inbox"), registered once in the page's i18n instance. */
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'inbox';

addTranslations(NS, { fr, en });
