import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders } from '@citable/shared';
import { PublicLayout } from './PublicLayout';
import { resetAuthStore, setSignedOut, switchToFrench } from '../../../testing/render';

beforeEach(async () => {
  resetAuthStore();
  setSignedOut();
  await switchToFrench();
});

function renderPage() {
  return render(
    <CitableProviders>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/" element={<a href="/somewhere">Premier lien de la page</a>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </CitableProviders>,
  );
}

describe('PublicLayout', () => {
  it("the first Tab stop is 'Aller au contenu', which puts the focus on the page's main region past the header", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    // the next Tab stop is the page's own first control, not the header's
    await user.tab();
    expect(screen.getByRole('link', { name: 'Premier lien de la page' })).toHaveFocus();
  });
});
