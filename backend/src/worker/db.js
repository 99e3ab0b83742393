// Database helpers of the worker (a pg pool on DATABASE_URL: the migration role or service role,
// which row level security does not restrict — the worker acts for the action's creator).

/**
 * Runs fn in a transaction marked as the worker's (citable.worker = 'on': the enqueue trigger
 * ignores the worker's own updates of pages_actions).
 * @template T
 * @param {import('pg').Pool} pool
 * @param {(client: import('pg').PoolClient) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function workerTx(pool, fn) {
  const client = await pool.connect();
  try {
    await client.query("begin; select set_config('citable.worker', 'on', true)");
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The page, its site and the site's country and language.
 * @param {import('pg').Pool | import('pg').PoolClient} db
 * @param {number | string} pageId
 */
export async function loadPageContext(db, pageId) {
  const { rows } = await db.query(
    `select p.id as page_id, p.name as page_name, p.url as page_url,
            s.id as site_id, s.name as site_name, s.url as site_url, s.tone_articles_group,
            s.force_defined_language_for_serps, s.serps_nb_results, s.familiar_terms,
            s.address_the_reader_with_i, s.accepted_topics, s.additional_guidelines, s.to_scrape,
            s.cover_image_width, s.cover_image_height, s.nb_images_to_create,
            c.country_code, c.country_name, l.language_code, l.language_name
       from public.pages p
       join public.sites s on s.id = p.site
       left join public.location_countries c on c.id = s.country
       left join public.location_languages l on l.id = s.language
      where p.id = $1`,
    [pageId],
  );
  return rows[0] ?? null;
}

/**
 * The page's keywords, to_search ones first.
 * @param {import('pg').Pool | import('pg').PoolClient} db
 * @param {number | string} pageId
 * @returns {Promise<{ id: string, keyword: string, to_search: boolean }[]>}
 */
export async function loadKeywords(db, pageId) {
  const { rows } = await db.query(
    `select k.id::text as id, k.keyword, pk.to_search
       from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword
      where pk.linked_page = $1
      order by pk.to_search desc, pk.id`,
    [pageId],
  );
  return rows;
}
