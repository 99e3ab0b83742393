/**
 * "Ajouter un mot-clé" tells the truth: a keyword already on the page is said to be there (not "added"),
 * a keyword longer than the database's 200 characters is said in the field (not cut without a word).
 * add_page_keyword is a jest mock here (supabase-local/test/db/french-search.test.js checks the length in SQL).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import fr from '../locales/fr.json';
import { AddKeywordModal } from './AddKeywordModal';
import '../i18n';

const mutate = jest.fn();
jest.mock('../api/keywords', () => ({ ...jest.requireActual('../api/keywords'), useAddKeyword: () => ({ mutate, isPending: false }) }));
const toast = jest.fn();
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), showToast: (data: unknown) => toast(data) }));

function renderModal() {
  const onClose = jest.fn();
  render(
    <CitableProviders withNotifications={false}>
      <AddKeywordModal pageId={5} opened onClose={onClose} />
    </CitableProviders>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Ajouter un mot-clé' }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  mutate.mockReset();
  toast.mockReset();
});

describe('AddKeywordModal', () => {
  it('says a keyword already on the page was already there, and adds nothing', async () => {
    mutate.mockImplementation((_text: string, { onSuccess }: { onSuccess: (r: unknown) => void }) =>
      onSuccess({ status: 'already-linked', keyword: 'Pain d’épices', keywordId: 3 }),
    );
    const { dialog, onClose } = renderModal();
    fireEvent.change(within(dialog).getByLabelText(/Mot-clé/), { target: { value: '  pain d’épices ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le mot-clé' }));
    expect(await within(dialog).findByTestId('add-keyword-notice')).toHaveTextContent('« Pain d’épices » est déjà associé à cette page.');
    expect(toast).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a new keyword was added', async () => {
    mutate.mockImplementation((_text: string, { onSuccess }: { onSuccess: (r: unknown) => void }) =>
      onSuccess({ status: 'linked', keyword: 'éclair au café', keywordId: 4 }),
    );
    const { dialog, onClose } = renderModal();
    fireEvent.change(within(dialog).getByLabelText(/Mot-clé/), { target: { value: 'éclair au café' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le mot-clé' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: '«\u00a0éclair au café\u00a0» a été ajouté à la page.' })));
    expect(onClose).toHaveBeenCalled();
  });

  it('says a keyword of more than 200 characters is too long, keeps it whole and does not send it', () => {
    const { dialog } = renderModal();
    const input = within(dialog).getByLabelText(/Mot-clé/);
    const long = 'pain '.repeat(60).trim();
    fireEvent.change(input, { target: { value: long } });
    expect(input).toHaveValue(long);
    expect(within(dialog).getByText('Ce mot-clé compte 299 caractères : 200 au plus. Raccourcissez-le (une requête de recherche, pas une phrase).')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Ajouter le mot-clé' })).toBeDisabled();
    fireEvent.submit(within(dialog).getByTestId('add-keyword-form'));
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'k'.repeat(200) } });
    expect(input).not.toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByRole('button', { name: 'Ajouter le mot-clé' })).toBeEnabled();
  });

  it('has its texts in correct French typography', () => {
    expect(frenchTypographyIssues(stringsOf(fr.dialog))).toEqual([]);
  });
});
