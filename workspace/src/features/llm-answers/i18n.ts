// The texts of the LLM answers screen, in the 'llmAnswers' namespace (English = the spec's labels verbatim).
import { addTranslations } from '@citable/shared';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'llmAnswers';

addTranslations(NS, { fr, en });
