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
