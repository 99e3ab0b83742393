/**
 * The whole data layer as a workspace screen uses it: real supabase-js (fetch stubbed), request(),
 * useQuery with a key of the factory, a mutation that invalidates its domain, the error in French.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { i18n, setRuntimeConfig, type Site, type SiteInsert } from '@citable/shared';
import { dataErrorMessage, request } from '@citable/shared/data';
import { QueryProvider, createQueryClient, queryKeys } from './index';

// --- what a remote keeps in features/sites/api/ ---
const getSites = () => request((db) => db.from('sites').select('*').order('id', { ascending: false }));
const createSite = (site: SiteInsert) => request((db) => db.from('sites').insert(site).select().single());

function SitesScreen() {
  const sites = useQuery({ queryKey: queryKeys.sites.list(), queryFn: getSites });
  const create = useMutation({ mutationFn: createSite, meta: { invalidates: [queryKeys.sites.all] } });
  if (sites.error) return <p role="alert">{dataErrorMessage(sites.error)}</p>;
  return (
    <div>
      <ul>{sites.data?.map((site: Site) => <li key={site.id}>{site.name}</li>)}</ul>
      <button onClick={() => create.mutate({ name: 'b.fr', url: 'https://b.fr' })}>add</button>
      {create.error && <p role="alert">{dataErrorMessage(create.error)}</p>}
    </div>
  );
}

// --- a backend behind a stubbed fetch ---
type Reply = { status: number; body?: unknown };
let rows: { id: number; name: string }[] = [];
let onInsert: () => Reply = () => ({ status: 201 });

function answer(url: string, init?: RequestInit): Reply {
  if (init?.method === 'POST') {
    const reply = onInsert();
    if (reply.status >= 300) return reply;
    const row = { id: rows.length + 1, ...JSON.parse(String(init.body)) };
    rows.push(row);
    return { status: 201, body: row };
  }
  return { status: 200, body: [...rows].reverse() };
}

beforeAll(async () => {
  setRuntimeConfig({
    supabaseUrl: 'http://backend.test',
    supabaseAnonKey: 'anon-key',
    remotes: { marketing: 'http://m.test', workspace: 'http://w.test', reviewer: 'http://r.test' },
    linkedinScriptUrl: null,
    siteUrl: 'http://site.test',
    contact: { email: 'a@b.c', phone: '', address: '' },
  });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = answer(String(url), init);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status < 300, status, statusText: '', headers: new Headers(), text: async () => text, json: async () => body };
  }) as unknown as typeof fetch;
  await i18n.changeLanguage('fr');
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  rows = [{ id: 1, name: 'a.fr' }];
  onInsert = () => ({ status: 201 });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

function renderScreen() {
  render(
    <QueryProvider client={createQueryClient()}>
      <SitesScreen />
    </QueryProvider>,
  );
}

it('lists, creates, and shows the new row (invalidation)', async () => {
  renderScreen();
  expect(await screen.findByText('a.fr')).toBeInTheDocument();
  act(() => screen.getByText('add').click());
  expect(await screen.findByText('b.fr')).toBeInTheDocument();
});

it('a refused insert (RLS) shows the permission message in French', async () => {
  onInsert = () => ({ status: 403, body: { code: '42501', message: 'new row violates row-level security policy for table "sites"', details: null, hint: null } });
  renderScreen();
  await screen.findByText('a.fr');
  act(() => screen.getByText('add').click());
  expect(await screen.findByRole('alert')).toHaveTextContent('Vous n’avez pas la permission d’effectuer cette action.');
  await waitFor(() => expect(consoleError).toHaveBeenCalledWith('[data] mutation failed', '', expect.objectContaining({ kind: 'forbidden' })));
});
