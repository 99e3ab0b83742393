import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { ClaimDialogProvider } from '../../features/claim/hooks/useClaimDialog';
import { renderWithProviders, setLanguage } from '../../testing/render';
import { Home4Page, PricingAntropicPage, PricingOpenaiPage } from './SoloAuthorPage';

/** Renders a page and waits for its FAQ section (the landing layout adds the lower sections one task at a time). */
async function faqOf(page: ReactElement): Promise<HTMLElement> {
  renderWithProviders(<ClaimDialogProvider>{page}</ClaimDialogProvider>);
  let faq: HTMLElement | null = null;
  await waitFor(() => {
    faq = document.getElementById('faq');
    expect(faq).not.toBeNull();
  }, { timeout: 10_000 });
  return faq!;
}

afterAll(() => setLanguage('en'));

describe.each([['en'], ['fr']] as const)('pricing variants in %s: each FAQ matches its own offer (issue 19)', (lng) => {
  beforeAll(() => setLanguage(lng));

  it('/home-4-pricing-openai: the 690 EUR monthly pack, not the 195 EUR article', async () => {
    const text = (await faqOf(<PricingOpenaiPage />)).textContent;
    expect(text).toMatch(lng === 'en' ? /690 EUR a month/ : /690\u00a0€ par mois/);
    expect(text).toMatch(lng === 'en' ? /Is there a commitment\?/ : /Y a-t-il un engagement\u00a0\?/);
    expect(text).not.toMatch(/195/);
  });

  it('/home-4-pricing-antropic: the 1,490 EUR cluster of 10 articles, not the 195 EUR article', async () => {
    const text = (await faqOf(<PricingAntropicPage />)).textContent;
    expect(text).toMatch(lng === 'en' ? /1,490 EUR/ : /1\u00a0490\u00a0€/);
    expect(text).toMatch(lng === 'en' ? /Why a whole cluster at once\?/ : /Pourquoi tout un cluster d’un coup\u00a0\?/);
    expect(text).not.toMatch(/195/);
  });

  it('/home-4 keeps the 195 EUR question', async () => {
    const faq = await faqOf(<Home4Page />);
    expect(faq.textContent).toContain(lng === 'en' ? 'What exactly do I get for 195 EUR?' : 'Qu’est-ce que j’obtiens exactement pour 195\u00a0€\u00a0?');
  });
});

describe.each([['en'], ['fr']] as const)('/home-4 in %s: the satisfaction guarantee is said once, on the offer (issue 19)', (lng) => {
  beforeAll(() => setLanguage(lng));

  it('the guarantee sentence appears once, in the offer card; the FAQ answers the question in its own words', async () => {
    const faq = await faqOf(<Home4Page />);
    const sentence = lng === 'en' ? 'rewrite until you are satisfied, or you pay nothing' : 'réécris jusqu’à ce que vous soyez satisfait, sinon vous ne payez rien';
    const page = document.body.textContent ?? '';
    expect(page.split(sentence).length - 1).toBe(1);
    expect(document.querySelector('#pricing [data-plan]')?.textContent).toContain(sentence);
    expect(faq.textContent).toMatch(lng === 'en' ? /What if I am not satisfied\?/ : /Et si je ne suis pas satisfait\u00a0\?/);
  });
});
