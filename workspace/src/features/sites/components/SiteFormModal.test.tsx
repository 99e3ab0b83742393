/**
 * The site form shows its error where the eye is: a refused submit scrolls to and focuses the first
 * field in error (in the page's order), with a French message; a typed address is normalised like the
 * page form's (one normaliser, @citable/shared), not refused. The data hooks are fixed data here.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n } from '@citable/shared';
import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import fr from '../locales/fr.json';
import { SiteFormModal } from './SiteFormModal';
import '../i18n';

const idle = { data: [], isPending: false, isError: false };
jest.mock('../api/locations', () => ({ useCountries: () => idle, useLanguages: () => idle }));
jest.mock('../../../components/toneGroups', () => ({ useToneGroups: () => idle }));
const mutate = jest.fn();
jest.mock('../api/saveSite', () => ({ ...jest.requireActual('../api/saveSite'), useSaveSite: () => ({ mutate, isPending: false }) }));
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), useUser: () => ({ id: 'u1', email: 'u@example.fr' }) }));

const scrolled: HTMLElement[] = [];

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <SiteFormModal opened site={null} onClose={() => {}} />
      </QueryClientProvider>
    </CitableProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Ajouter un site' });
  // the modal's own first focus (its focus trap) is done before the user types
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

beforeAll(() => {
  HTMLElement.prototype.scrollIntoView = function scrollIntoView(this: HTMLElement) {
    scrolled.push(this);
  };
});

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  scrolled.length = 0;
  mutate.mockReset();
});

jest.setTimeout(30_000);

describe('SiteFormModal', () => {
  it('refuses javascript: with a French message, scrolls to the URL field and focuses it', async () => {
    const dialog = await renderForm();
    const url = within(dialog).getByLabelText(/URL du site/);
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    // the client e-mail is wrong too, but it comes later in the form: the URL takes the focus
    fireEvent.change(within(dialog).getByTestId('client-email'), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le site' }));
    expect(await within(dialog).findByText(/^Ce n’est pas une adresse web :/)).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveFocus());
    expect(scrolled[0]).toBe(url);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(mutate).not.toHaveBeenCalled();
  });

  it('goes to the first error in the page order, then to the missing logo once the fields are right', async () => {
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText(/URL du site/), { target: { value: 'www.boulangerie.fr' } });
    const email = within(dialog).getByTestId('client-email');
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le site' }));
    await waitFor(() => expect(email).toHaveFocus());
    fireEvent.change(email, { target: { value: 'claire@client.fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le site' }));
    const dropzone = within(dialog).getByTestId('logo-dropzone');
    await waitFor(() => expect(dropzone).toHaveFocus());
    expect(scrolled.at(-1)).toBe(dropzone);
    expect(within(dialog).getByText('Veuillez téléverser une image de logo.')).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it('normalises a typed address like the page form, and says how it will be saved', async () => {
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText(/URL du site/), { target: { value: 'WWW.Boulangerie-Martin.fr/' } });
    expect(within(dialog).getByTestId('site-url-preview')).toHaveTextContent('Sera enregistrée comme https://www.boulangerie-martin.fr');
  });

  it('has its new texts in correct French typography', () => {
    expect(frenchTypographyIssues(stringsOf(fr.form))).toEqual([]);
  });
});
