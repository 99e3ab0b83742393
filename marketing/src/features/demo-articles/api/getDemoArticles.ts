
/** A row of the docs/public-site.md#calls read. */
export interface DemoVersionRow {
  id: string;
  page: string;
  created_date: string;
  pages: { id: string; name: string | null; hide_revisions_texts_from_preview: boolean } | null;
}

/** Derived result (docs/public-site.md#entities). */
export interface DemoArticle {
  page_id: string;
  page_name: string;
  latest_version_date: string;
  latest_version_id: string;
}

/** Keeps the latest version of each page and sorts pages by that date, newest first. */
export function latestVersionPerPage(rows: DemoVersionRow[]): DemoArticle[] {
  const byPage = new Map<string, DemoArticle>();
  for (const row of rows) {
    const pageId = row.pages?.id ?? row.page;
    const current = byPage.get(pageId);
    if (!current || Date.parse(row.created_date) > Date.parse(current.latest_version_date)) {
      byPage.set(pageId, {
        page_id: pageId,
        page_name: row.pages?.name?.trim() || '',
        latest_version_date: row.created_date,
        latest_version_id: row.id,
      });
    }
  }
  return [...byPage.values()].sort((a, b) => Date.parse(b.latest_version_date) - Date.parse(a.latest_version_date));
}

/** Narrows the PostgREST answer (the embedded page comes as an object, or a one-item array in generic typings). */
function toRows(data: unknown): DemoVersionRow[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw: unknown): DemoVersionRow[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const row = raw as Record<string, unknown>;
    const joined = Array.isArray(row.pages) ? row.pages[0] : row.pages;
    if (row.id == null || typeof row.created_date !== 'string' || typeof joined !== 'object' || joined === null) return [];
    const page = joined as Record<string, unknown>;
    return [{
      id: String(row.id),
      page: String(row.page),
      created_date: row.created_date,
      pages: { id: String(page.id), name: typeof page.name === 'string' ? page.name : null, hide_revisions_texts_from_preview: page.hide_revisions_texts_from_preview === true },
    }];
  });
}

/** Reads the demo articles: versions of pages flagged hide_revisions_texts_from_preview, newest first. Throws a DataError. */
export async function getDemoArticles(): Promise<DemoArticle[]> {
  // the data layer downloads with this first call (with supabase-js), not with the page
  const { request } = await import('@citable/shared/data');
  const data = await request((supabase) =>
    supabase
      .from('pages_versions')
      .select('id, page, created_date, pages!inner(id, name, hide_revisions_texts_from_preview)')
      .eq('pages.hide_revisions_texts_from_preview', true)
      .order('created_date', { ascending: false }),
  );
  return latestVersionPerPage(toRows(data));
}
