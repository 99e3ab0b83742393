/**
 * The page form: what is not a web address is refused with a clear French message (never turned into
 * a path of the site), a URL already used by another page of the site is said without blocking, and
 * the stored URL comes from the one normaliser. The API calls are jest mocks.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n } from '@citable/shared';
import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import fr from '../locales/fr.json';
import { PageFormModal } from './PageFormModal';
import '../i18n';

const createPage = jest.fn();
const findPageWithUrl = jest.fn();
jest.mock('../api/savePage', () => ({
  findPageWithUrl: (...args: unknown[]) => findPageWithUrl(...args),
  useCreatePage: () => ({ mutateAsync: createPage, isPending: false }),
  useUpdatePage: () => ({ mutateAsync: jest.fn(), isPending: false }),
}));
const toast = jest.fn();
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), showToast: (data: unknown) => toast(data) }));

const STATUSES = [{ id: 1, name: 'Published', label: 'Publiée' }];

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <PageFormModal opened siteId={7} siteUrl="https://www.boulangerie-martin.fr" statuses={STATUSES} onClose={() => {}} />
      </QueryClientProvider>
    </CitableProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Nouvelle page' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  createPage.mockReset();
  findPageWithUrl.mockReset();
  findPageWithUrl.mockResolvedValue(null);
  toast.mockReset();
});

jest.setTimeout(30_000);

describe('PageFormModal', () => {
  it.each(['javascript:alert(1)', 'ftp://exemple.fr/fichier.pdf'])('refuses %s with a French message and saves nothing', async (typed) => {
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Nom de la page/), { target: { value: 'Pain d’épices' } });
    const url = within(dialog).getByLabelText(/URL de la page/);
    fireEvent.change(url, { target: { value: typed } });
    // no "will be saved as https://site/javascript:alert(1)"
    expect(within(dialog).queryByTestId('url-preview')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer la page' }));
    expect(await within(dialog).findByText(/^Ce n’est pas une adresse web :/)).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveFocus());
    expect(createPage).not.toHaveBeenCalled();
  });

  it('makes a path a page of the site, warns (without blocking) about a URL used by another page, and saves', async () => {
    findPageWithUrl.mockResolvedValue({ id: 3, name: 'Pain d’épices maison' });
    createPage.mockResolvedValue({ id: 9, name: 'Pain d’épices' });
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Nom de la page/), { target: { value: 'Pain d’épices' } });
    fireEvent.change(within(dialog).getByLabelText(/URL de la page/), { target: { value: '/recettes/pain-d-epices' } });
    expect(within(dialog).getByTestId('url-preview')).toHaveTextContent('https://www.boulangerie-martin.fr/recettes/pain-d-epices');
    expect(await within(dialog).findByTestId('url-used', {}, { timeout: 3000 })).toHaveTextContent(
      'Une autre page de ce site utilise déjà cette adresse : « Pain d’épices maison ». Vous pouvez tout de même enregistrer.',
    );
    expect(findPageWithUrl).toHaveBeenLastCalledWith(7, 'https://www.boulangerie-martin.fr/recettes/pain-d-epices', null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer la page' }));
    await waitFor(() => expect(createPage).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://www.boulangerie-martin.fr/recettes/pain-d-epices' })));
  });

  it('says nothing when no other page has the URL', async () => {
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText(/URL de la page/), { target: { value: 'WWW.Boulangerie-Martin.fr/Tarte' } });
    await waitFor(() => expect(findPageWithUrl).toHaveBeenCalledWith(7, 'https://www.boulangerie-martin.fr/Tarte', null), { timeout: 3000 });
    expect(within(dialog).queryByTestId('url-used')).toBeNull();
  });

  it('has its texts in correct French typography', () => {
    expect(frenchTypographyIssues(stringsOf(fr.form))).toEqual([]);
  });
});
