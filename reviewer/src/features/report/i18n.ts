// The texts of the client's AI-visibility report (/view/report/:token), in the 'visibilityReport' namespace.
import { addTranslations } from '@citable/shared';
import fr from './locales/fr.json';
import en from './locales/en.json';

addTranslations('visibilityReport', { fr, en });

export const NS = 'visibilityReport';
export const REPORT_LANGUAGES = ['fr', 'en'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
