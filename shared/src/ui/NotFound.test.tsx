import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '../i18n';
import { CitableProviders } from './CitableProviders';
import { NotFound } from './NotFound';

function renderNotFound() {
  return render(
    <CitableProviders>
      <MemoryRouter><NotFound /></MemoryRouter>
    </CitableProviders>,
  );
}

afterAll(() => i18n.changeLanguage('en'));

describe('NotFound', () => {
  it('French: heading and document title in French', async () => {
    await i18n.changeLanguage('fr');
    renderNotFound();
    expect(screen.getByRole('heading', { name: 'Oups\u00a0! Page introuvable' })).toBeInTheDocument();
    expect(document.title).toBe('Page introuvable | Citable');
  });

  it('English: the spec’s texts and an English document title', async () => {
    await i18n.changeLanguage('en');
    renderNotFound();
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Citable');
  });
});
