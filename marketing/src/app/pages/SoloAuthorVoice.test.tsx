import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ClaimDialogProvider } from '../../features/claim/hooks/useClaimDialog';
import { loadContactForm } from '../../features/contact/components/DeferredContactForm';
import { renderWithProviders, setLanguage } from '../../testing/render';
import { Home2Page } from './BrandHomePage';
import Home5Page from './Home5Page';
import { SoloAuthorPage, type SoloVariant } from './SoloAuthorPage';

/**
 * The Home4 family is written by one author, in the first person singular ("je" / "I"). The brand
 * pages say "nous" / "we"; a shared section reused as is would bring the plural back (the review
 * that found the je/nous mix). Customers' own words (review quotes, the dialog's testimonial) may say "we".
 */
const PLURAL: Record<'fr' | 'en', RegExp> = {
  fr: /(?<![\p{L}])(nous|notre|nos)(?![\p{L}])/giu,
  en: /(?<![\p{L}])(we|our|ours|us)(?![\p{L}])/giu,
};

/**
 * The author spoken of in the third person ("un expert SEO humain relit", "edited by a human SEO expert"):
 * on a page signed by that author, the editing is hers ("relu par moi").
 */
const THIRD_PERSON_EXPERT: Record<'fr' | 'en', RegExp> = {
  fr: /(expert|experte|spécialiste|rédacteur|rédactrice)s? (SEO )?humaine?s?|(?<![\p{L}])(relue?s?|corrigée?s?|vérifiée?s?) par (un|une|des) (expert|spécialiste)|(?<![\p{L}])(un|une) (expert|experte) (SEO )?(relit|corrige|vérifie)/iu,
  en: /\bhuman (SEO )?(expert|specialist|editor)s?\b|\b(edited|checked|reviewed) by (an?|human) |\ban? (SEO )?expert (edits|checks|reviews)\b/i,
};

const VARIANTS: SoloVariant[] = ['home4', 'pricingGoogle', 'pricingOpenai', 'pricingAntropic', 'discovery', 'discoveryTimeline'];

/** What a visitor reads in `root` (text, placeholders, accessible names, tooltips), customers' quotes left out. */
function readableTexts(root: Element): string[] {
  const quotes = (element: Element | null) => element?.closest('blockquote, .cz-pitch-testimonial') != null;
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text && !quotes(node.parentElement) && node.parentElement?.tagName !== 'STYLE') texts.push(text);
  }
  root.querySelectorAll('[placeholder], [aria-label], [title]').forEach((element) => {
    if (quotes(element)) return;
    for (const name of ['placeholder', 'aria-label', 'title']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  });
  return texts;
}

function pluralIn(texts: string[], lng: 'fr' | 'en'): string[] {
  return texts.filter((text) => text.match(PLURAL[lng]));
}

function thirdPersonExpertIn(texts: string[], lng: 'fr' | 'en'): string[] {
  return texts.filter((text) => THIRD_PERSON_EXPERT[lng].test(text));
}

/** Renders a whole landing page, contact form included, and returns what it reads. */
async function renderPage(page: ReactElement): Promise<string[]> {
  await loadContactForm(); // the form is otherwise downloaded when near the viewport
  renderWithProviders(<ClaimDialogProvider>{page}</ClaimDialogProvider>);
  await waitFor(() => {
    expect(document.querySelector('footer')).not.toBeNull();
    expect(document.querySelector('#contact textarea')).not.toBeNull();
  }, { timeout: 10_000 });
  return readableTexts(document.body);
}

afterAll(() => setLanguage('en'));

describe.each([['fr'], ['en']] as const)('solo-author pages in %s speak in the first person singular', (lng) => {
  beforeAll(() => setLanguage(lng));

  it.each(VARIANTS)('%s: no "nous/notre/nos" ("we/our/us"), no "un expert SEO humain" ("a human SEO expert") in the page', async (variant) => {
    const texts = await renderPage(<SoloAuthorPage variant={variant} />);
    expect(texts.join(' ')).toMatch(lng === 'fr' ? /Je réécris|Je m’occupe/ : /I rewrite|I take care/);
    expect(pluralIn(texts, lng)).toEqual([]);
    expect(thirdPersonExpertIn(texts, lng)).toEqual([]);
  });

  it('home5 (one author too: "Qui suis-je ?"): no "nous/notre/nos" ("we/our/us"), no third-person expert in the page', async () => {
    const texts = await renderPage(<Home5Page />);
    expect(texts.join(' ')).toMatch(lng === 'fr' ? /Je publie/ : /I publish/);
    expect(pluralIn(texts, lng)).toEqual([]);
    expect(thirdPersonExpertIn(texts, lng)).toEqual([]);
  });

  it('home4: the free-article dialog it opens speaks as the author too', async () => {
    await renderPage(<SoloAuthorPage variant="home4" />);
    fireEvent.click(screen.getAllByRole('button', { name: lng === 'fr' ? 'Obtenir mon article gratuit' : 'Claim your free article' })[0]!);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(dialog).findByRole('textbox', { name: lng === 'fr' ? /URL du site/ : /Website URL/ });
    const texts = readableTexts(dialog);
    expect(texts.join(' ')).toContain(lng === 'fr' ? 'Deux champs, et je me mets au travail.' : 'Two fields, and I get started.');
    expect(pluralIn(texts, lng)).toEqual([]);
  });

  it('the brand pages keep their "nous" ("we"): Home2, its contact section and its dialog', async () => {
    const texts = await renderPage(<Home2Page />);
    expect(pluralIn(texts, lng)).toEqual(expect.arrayContaining([lng === 'fr' ? 'Une question, un projet, un devis\u00a0? Nous répondons sous un jour ouvré.' : 'A question, a project, a quote? We answer within one business day.']));
    fireEvent.click(screen.getAllByRole('button', { name: lng === 'fr' ? 'Obtenir mon article gratuit' : 'Claim your free article' })[0]!);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(dialog).findByRole('textbox', { name: lng === 'fr' ? /URL du site/ : /Website URL/ });
    expect(readableTexts(dialog).join(' ')).toContain(lng === 'fr' ? 'Deux champs, et nous commençons.' : 'Two fields, and we get started.');
  });

  it('the third-person check sees the brand wording the solo pages avoid', async () => {
    // the brand pages speak of "un expert SEO humain" / "a human SEO expert": the check above would catch it
    const texts = await renderPage(<Home2Page />);
    expect(thirdPersonExpertIn(texts, lng).length).toBeGreaterThan(0);
  });
});
