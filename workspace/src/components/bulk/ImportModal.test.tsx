import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import { ImportModal } from './ImportModal';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

type Rpc = (name: string, args: Record<string, unknown>) => unknown;

/** The RPC answers `answer(name, args)`; every call is recorded. */
function backend(answer: Rpc, error: { message: string; code: string; hint?: string } | null = null) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  load.mockResolvedValue({
    rpc: (name: string, args: Record<string, unknown>) => {
      calls.push({ name, args });
      return Promise.resolve(error ? { data: null, error, status: 400 } : { data: answer(name, args), error: null, status: 200 });
    },
  } as never);
  return calls;
}

function renderModal(props: Partial<React.ComponentProps<typeof ImportModal>> = {}) {
  const onClose = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <ImportModal opened kind="pages" siteId={4} siteUrl="https://boulangerie.fr" onClose={onClose} {...props} />
      </CitableProviders>
    </QueryClientProvider>,
  );
  return { onClose };
}

const paste = (text: string) => fireEvent.change(screen.getByTestId('import-text'), { target: { value: text } });

describe('the import modal', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('pages: a pasted list, the preview with what will be created, what exists, duplicates and bad rows, then one request', async () => {
    await i18n.changeLanguage('fr');
    const calls = backend((_name, args) => {
      const rows = args.p_rows as unknown[];
      // the second row sent already exists in the site
      return args.p_dry_run
        ? { created: rows.length - 1, skipped: 1, existing: [1], duplicates: [], invalid: [], dry_run: true }
        : { created: rows.length - 1, skipped: 1, existing: [1], duplicates: [], invalid: [], dry_run: false };
    });
    const { onClose } = renderModal({ statuses: [{ id: 1, label: 'Publiée' }, { id: 2, label: 'Brouillon' }] });
    fireEvent.click(screen.getByRole('radio', { name: 'Coller une liste' }));
    paste('/pain-au-levain\nhttps://boulangerie.fr/existante\nftp://boulangerie.fr/x\nhttps://www.boulangerie.fr/pain-au-levain/\nhttps://boulangerie.fr/croissant');
    fireEvent.click(screen.getByRole('button', { name: 'Prévisualiser' }));

    expect(await screen.findByTestId('import-preview')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        name: 'import_pages',
        args: {
          p_site_id: 4,
          p_rows: [
            { name: 'Pain au levain', url: 'https://boulangerie.fr/pain-au-levain' },
            { name: 'Existante', url: 'https://boulangerie.fr/existante' },
            { name: 'Croissant', url: 'https://boulangerie.fr/croissant' },
          ],
          p_dry_run: true,
          p_status: null,
        },
      },
    ]);
    expect(screen.getByTestId('import-count-create').textContent).toBe('2 à créer');
    expect(screen.getByTestId('import-count-existing')).toHaveTextContent('1 déjà présente');
    expect(screen.getByTestId('import-count-duplicate')).toHaveTextContent('1 doublon');
    expect(screen.getByTestId('import-count-invalid')).toHaveTextContent('1 ligne en erreur');
    const states = screen.getAllByTestId('import-row').map((row) => [row.getAttribute('data-line'), row.getAttribute('data-state'), row.lastElementChild?.textContent]);
    expect(states).toEqual([
      ['3', 'invalid', 'Ce n’est pas une adresse http(s)'],
      ['4', 'duplicate', 'Doublon de la ligne 1'],
      ['2', 'existing', 'Déjà dans le site'],
      ['1', 'create', 'À créer'],
      ['5', 'create', 'À créer'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Créer 2 pages' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[1]?.args).toMatchObject({ p_dry_run: false, p_site_id: 4 });
    expect(calls[1]?.args.p_rows).toEqual(calls[0]?.args.p_rows);
  });

  it('keywords of one page: the page id in each row, “already there” counted apart', async () => {
    const calls = backend(() => ({ created: 1, skipped: 1, already: [0], unknown_page: [], duplicates: [], invalid: [], dry_run: true }));
    renderModal({ kind: 'keywordsPage', pageId: 12 });
    paste('pain au levain\nlevain naturel\nPain au levain');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('import-count-already')).toHaveTextContent('1 already there');
    expect(calls[0]).toEqual({
      name: 'import_keywords',
      args: { p_site_id: 4, p_rows: [{ page: 12, keyword: 'pain au levain' }, { page: 12, keyword: 'levain naturel' }], p_dry_run: true },
    });
    expect(screen.getByRole('button', { name: 'Add 1 keyword' })).toBeEnabled();
  });

  it('says when nothing can be imported, and the server’s refusal in the user’s language', async () => {
    backend(() => ({ created: 0, skipped: 1, existing: [0], duplicates: [], invalid: [], dry_run: true }));
    renderModal();
    fireEvent.click(screen.getByRole('radio', { name: 'Paste a list' }));
    paste('https://boulangerie.fr/a');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('import-nothing')).toHaveTextContent('Nothing to import: every line is already there or has an error.');
    expect(screen.getByRole('button', { name: 'Create 0 pages' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the input' }));

    cleanup();
    backend(() => null, { message: 'Site not found', code: 'P0001', hint: 'not_found' });
    renderModal();
    fireEvent.click(screen.getByRole('radio', { name: 'Paste a list' }));
    paste('https://boulangerie.fr/a');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The preview could not be prepared\. .+/);
  });

  it('refuses an empty input and too many lines before asking the server', async () => {
    const calls = backend(() => null);
    renderModal();
    fireEvent.click(screen.getByRole('radio', { name: 'Paste a list' }));
    paste(Array.from({ length: 5001 }, (_, i) => `https://b.fr/${i}`).join('\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many lines: at most 5,000 per import (5,001 read).');
    paste('   \n  ');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(calls).toEqual([]);
  });
});
