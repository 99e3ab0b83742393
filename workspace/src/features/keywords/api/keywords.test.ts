import { loadSupabase } from '@citable/shared';
import { getPageKeywords, getSerps, addKeywordFailureStage } from './keywords';
import { toDataError } from '@citable/shared/data';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));

type Filters = Record<string, unknown>;
/** A supabase-js stand-in: records each query's table and eq filters, answers with `answer`. */
function fakeClient(answer: (table: string, filters: Filters) => { data?: unknown; count?: number }) {
  const queries: { table: string; filters: Filters }[] = [];
  const client = {
    from(table: string) {
      const filters: Filters = {};
      queries.push({ table, filters });
      const builder = {
        select: () => builder,
        order: () => builder,
        eq: (column: string, value: unknown) => {
          filters[column] = value;
          return builder;
        },
        then: (resolve: (r: unknown) => unknown, reject: (e: unknown) => unknown) =>
          Promise.resolve({ data: null, count: null, error: null, status: 200, ...answer(table, filters) }).then(resolve, reject),
      };
      return builder;
    },
  };
  return { client, queries };
}

const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

describe("a page's keywords and SERP rows (#27.2: only the page's site)", () => {
  it('#27.2 counts the SERP rows of each keyword on the page\'s site only', async () => {
    // keyword 5 has 3 rows on site 7 (the page's) and 4 on site 8 (another of the user's sites)
    const rows: Record<number, number> = { 7: 3, 8: 4 };
    const { client, queries } = fakeClient((table, f) =>
      table === 'pages_keywords'
        ? { data: [{ id: 1, to_search: true, linked_keyword: 5, keywords: { id: 5, keyword: 'pain' } }] }
        : { count: f.site === undefined ? 7 : (rows[f.site as number] ?? 0) },
    );
    load.mockResolvedValue(client as never);
    const keywords = await getPageKeywords(11, 7);
    expect(keywords).toEqual([{ id: 1, to_search: true, linked_keyword: 5, keyword: 'pain', serpCount: 3 }]);
    expect(queries.find((q) => q.table === 'serps')?.filters).toEqual({ linked_keyword: 5, site: 7 });
  });

  it("#27.2 lists the SERP rows of a keyword on the page's site only", async () => {
    const { client, queries } = fakeClient(() => ({ data: [] }));
    load.mockResolvedValue(client as never);
    await getSerps(5, 7);
    expect(queries).toEqual([{ table: 'serps', filters: { linked_keyword: 5, site: 7 } }]);
  });
});

describe('§8 dialog: the stage a failed add_page_keyword names', () => {
  it('no answer about the keyword is the search; a refused keyword the creation; any other refusal the link', () => {
    expect(addKeywordFailureStage(new TypeError('Failed to fetch'))).toBe('search');
    expect(addKeywordFailureStage(toDataError({ code: 'XX000', message: 'boom' }, { status: 500 }))).toBe('search');
    expect(addKeywordFailureStage(toDataError({ code: '22023', message: 'A keyword has 1 to 200 characters.', hint: 'keyword' }, { status: 400 }))).toBe('create');
    expect(addKeywordFailureStage(toDataError({ code: 'PT429', message: 'Too many keywords', hint: 'rate_limited' }, { status: 429 }))).toBe('create');
    expect(addKeywordFailureStage(toDataError({ code: 'P0001', message: 'Page not found', hint: 'not_found' }, { status: 400 }))).toBe('link');
    expect(addKeywordFailureStage(toDataError({ code: '23505', message: 'duplicate key' }, { status: 409 }))).toBe('link');
  });
});
