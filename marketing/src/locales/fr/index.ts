// Everything the marketing pages say in French: the `marketing` i18n namespace and the typed content
// (FAQ, plans, cards, comparisons, heroes, testimonials, page titles). One chunk per language,
// so a visitor downloads only the copy of the language they read (see ../load.ts).
import messages from './messages';
import * as cards from './cards';
import * as comparison from './comparison';
import * as faq from './faq';
import * as pages from './pages';
import * as plans from './plans';
import * as seo from './seo';
import * as testimonials from './testimonials';
import type { LocaleContent } from '../load';

const content: LocaleContent = { messages, ...cards, ...comparison, ...faq, ...pages, ...plans, ...seo, ...testimonials };

export default content;
