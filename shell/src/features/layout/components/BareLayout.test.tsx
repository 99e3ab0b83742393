import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders } from '@citable/shared';
import { BareLayout } from './BareLayout';
import { resetAuthStore, setSignedOut, switchToFrench } from '../../../testing/render';

beforeEach(async () => {
  resetAuthStore();
  setSignedOut();
  await switchToFrench();
});

describe('BareLayout (/view)', () => {
  it("has no sign-in buttons nor Citable's header, but keeps the skip link to the main region", async () => {
    const user = userEvent.setup();
    render(
      <CitableProviders>
        <MemoryRouter initialEntries={['/view/x']}>
          <Routes>
            <Route element={<BareLayout />}>
              <Route path="/view/x" element={<a href="/somewhere">Lien de l’article</a>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </CitableProviders>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('link', { name: /Connexion/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Commencer/ })).toBeNull();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
